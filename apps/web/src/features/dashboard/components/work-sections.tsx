import type { ClientDashboard, DeveloperDashboard } from '@devmarket/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { handleFailure } from '../../../lib/api-client';
import { useAcceptInviteFromDashboard } from '../api/accept-invite';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
export const formatDay = (iso: string) => dateFormat.format(new Date(iso));

/** "1,234.5" → "1,234.50 USDT" (exact: the decimal string is never turned into a float). */
export function usdt(amount: string): string {
  const [whole, frac = ''] = amount.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '-' : ''}${grouped}.${frac.padEnd(2, '0')} USDT`;
}

/** "2 days left", "5 hours left", "Overdue". */
export function timeLeft(deadline: string, now = Date.now()): string {
  const ms = new Date(deadline).getTime() - now;
  if (ms <= 0) return 'Review window ended';
  const hours = Math.floor(ms / 3_600_000);
  if (hours >= 48) return `${Math.floor(hours / 24)} days left`;
  if (hours >= 1) return `${hours} hours left`;
  return `${Math.max(1, Math.floor(ms / 60_000))} minutes left`;
}

function WorkSection({ title, count, children }: { title: string; count?: number; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 2.5 } }}>
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {title}
        {count ? (
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {count}
          </Typography>
        ) : null}
      </Typography>
      {children}
    </Paper>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <Typography color="text.secondary" variant="body2">
      {children}
    </Typography>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.4rem', fontWeight: 700 }}>{value}</Typography>
    </Box>
  );
}

/** Rows that become stacked cards on phones (no sideways scrolling). */
function Row({ children }: { children: React.ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0, pt: 0 },
      }}
    >
      {children}
    </Box>
  );
}

const listSx = { listStyle: 'none', m: 0, p: 0 } as const;

const STATUS_COLOR = { Pending: 'default', Added: 'success', Ignored: 'warning' } as const;

export function DeveloperWork({ data }: { data: DeveloperDashboard }) {
  const accept = useAcceptInviteFromDashboard();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, mb: 4 }}>
      <Stack sx={{ gap: 2, minWidth: 0 }}>
        {data.invites.length > 0 && (
          <WorkSection title="Invites" count={data.invites.length}>
            <Box component="ul" sx={listSx}>
              {data.invites.map((i) => (
                <Row key={i.projectID}>
                  {/* Rows name projects as text: each project's card further down is its link. */}
                  <Box sx={{ flex: 1, minWidth: 200 }}>
                    <Typography sx={{ fontWeight: 600 }}>{i.project.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {i.invitedBy} invited you · {formatDay(i.createdAt)}
                    </Typography>
                  </Box>
                  <Button
                    variant="contained"
                    size="small"
                    aria-label={`Accept invite to ${i.project.name}`}
                    disabled={accept.isPending}
                    onClick={() =>
                      accept.mutate(i.projectID, {
                        onSuccess: (r) => navigate(`/project/${r.handle}`),
                        onError: (e) => handleFailure(e),
                      })
                    }
                  >
                    Accept
                  </Button>
                </Row>
              ))}
            </Box>
          </WorkSection>
        )}
        <WorkSection title="My tasks" count={data.tasks.length}>
          {data.tasks.length === 0 ? (
            <Empty>No open tasks. Tasks assigned to you show here, soonest due first.</Empty>
          ) : (
            <Box component="ul" sx={listSx} aria-label="My tasks">
              {data.tasks.map((t) => (
                <Row key={t.id}>
                  <Box sx={{ flex: 1, minWidth: 200 }}>
                    <Link component={RouterLink} to={`/task/${t.identifier}`} sx={{ fontWeight: 600 }}>
                      {t.identifier} {t.summary}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {t.project.name}
                      {t.price ? ` · ${usdt(t.price)}` : ''}
                    </Typography>
                  </Box>
                  <Chip size="small" label={t.stage} />
                  <Typography variant="body2" sx={{ minWidth: 110, textAlign: { xs: 'left', sm: 'right' } }}>
                    {t.dueDate ? `Due ${formatDay(t.dueDate)}` : 'No due date'}
                  </Typography>
                </Row>
              ))}
            </Box>
          )}
        </WorkSection>
        <WorkSection title="My applications" count={data.applications.length}>
          {data.applications.length === 0 ? (
            <Empty>You have not applied to a project yet.</Empty>
          ) : (
            <Box component="ul" sx={listSx}>
              {data.applications.map((a) => (
                <Row key={a.id}>
                  <Box sx={{ flex: 1, minWidth: 200 }}>
                    <Typography sx={{ fontWeight: 600 }}>{a.project.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      Applied {formatDay(a.createdAt)}
                    </Typography>
                  </Box>
                  <Chip size="small" label={a.status} color={STATUS_COLOR[a.status]} variant="outlined" />
                </Row>
              ))}
            </Box>
          )}
        </WorkSection>
      </Stack>
      <Box sx={{ minWidth: 0 }}>
        <WorkSection title="Earnings">
          <Stack sx={{ gap: 2 }}>
            <Figure label="Earned this month" value={usdt(data.earningsThisMonth)} />
            <Figure label="Balance" value={usdt(data.balance)} />
            <Button component={RouterLink} to="/finances" variant="outlined">
              Open finances
            </Button>
          </Stack>
        </WorkSection>
      </Box>
    </Box>
  );
}

export function ClientWork({ data }: { data: ClientDashboard }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, mb: 4 }}>
      <Stack sx={{ gap: 2, minWidth: 0 }}>
        <WorkSection title="Applicants waiting" count={data.applicants.reduce((n, a) => n + a.count, 0)}>
          {data.applicants.length === 0 ? (
            <Empty>No applicants waiting.</Empty>
          ) : (
            <Box component="ul" sx={listSx}>
              {data.applicants.map((a) => (
                <Row key={a.project.id}>
                  <Typography sx={{ flex: 1, minWidth: 160, fontWeight: 600 }}>{a.project.name}</Typography>
                  <Button
                    component={RouterLink}
                    to={`/project/${a.project.handle}?view=applicants`}
                    size="small"
                    variant="outlined"
                  >
                    {a.count === 1 ? '1 applicant' : `${a.count} applicants`}
                  </Button>
                </Row>
              ))}
            </Box>
          )}
        </WorkSection>
        <WorkSection title="Waiting for your review" count={data.review.length}>
          {data.review.length === 0 ? (
            <Empty>No tasks in Review.</Empty>
          ) : (
            <Box component="ul" sx={listSx}>
              {data.review.map((t) => (
                <Row key={t.id}>
                  <Box sx={{ flex: 1, minWidth: 200 }}>
                    <Link component={RouterLink} to={`/task/${t.identifier}`} sx={{ fontWeight: 600 }}>
                      {t.identifier} {t.summary}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {t.project.name}
                      {t.assignee ? ` · ${t.assignee}` : ''}
                      {t.price ? ` · ${usdt(t.price)}` : ''}
                    </Typography>
                  </Box>
                  {t.reviewDeadline && <Chip size="small" color="warning" label={timeLeft(t.reviewDeadline)} />}
                </Row>
              ))}
            </Box>
          )}
        </WorkSection>
        {data.disputes.length > 0 && (
          <WorkSection title="Open disputes" count={data.disputes.length}>
            <Box component="ul" sx={listSx}>
              {data.disputes.map((d) => (
                <Row key={d.id}>
                  <Box sx={{ flex: 1, minWidth: 200 }}>
                    <Link component={RouterLink} to={`/task/${d.identifier}`} sx={{ fontWeight: 600 }}>
                      {d.identifier} {d.summary}
                    </Link>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {d.project.name} · {d.reason}
                    </Typography>
                  </Box>
                  <Chip size="small" color="error" label="In dispute" />
                </Row>
              ))}
            </Box>
          </WorkSection>
        )}
      </Stack>
      <Box sx={{ minWidth: 0 }}>
        <WorkSection title="Money">
          <Stack sx={{ gap: 2 }}>
            <Figure label="Held in escrow" value={usdt(data.escrowHeld)} />
            <Figure label="Balance" value={usdt(data.balance)} />
            <Button component={RouterLink} to="/finances" variant="outlined">
              Open finances
            </Button>
          </Stack>
        </WorkSection>
      </Box>
    </Box>
  );
}
