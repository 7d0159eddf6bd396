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
import { formatDate } from '../../../lib/format';

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

/** The sections' two columns: the lists, then the money on the side (below them on phones). */
function WorkGrid({ children, side }: { children: React.ReactNode; side: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, mb: 4 }}>
      <Stack sx={{ gap: 2, minWidth: 0 }}>{children}</Stack>
      <Box sx={{ minWidth: 0 }}>{side}</Box>
    </Box>
  );
}

/** A section listing `items` as rows, or its `empty` line; without an `empty` line, no section at all. */
function ListSection<T>({
  title,
  count,
  items,
  empty,
  label,
  children,
}: {
  title: string;
  count?: number;
  items: T[];
  empty?: string;
  label?: string;
  children: (item: T) => React.ReactNode;
}) {
  if (items.length === 0 && !empty) return null;
  return (
    <WorkSection title={title} count={count ?? items.length}>
      {items.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <Box component="ul" sx={listSx} aria-label={label}>
          {items.map(children)}
        </Box>
      )}
    </WorkSection>
  );
}

/** A row's main text: its title (a name or a task link) over a muted detail line. */
function RowText({
  title,
  detailSx,
  children,
}: {
  title: React.ReactNode;
  detailSx?: { overflowWrap: 'anywhere' };
  children: React.ReactNode;
}) {
  return (
    <Box sx={{ flex: 1, minWidth: 200 }}>
      {title}
      <Typography variant="body2" color="text.secondary" sx={detailSx}>
        {children}
      </Typography>
    </Box>
  );
}

const Name = ({ children }: { children: React.ReactNode }) => (
  <Typography sx={{ fontWeight: 600 }}>{children}</Typography>
);

function TaskLink({ task }: { task: { identifier: string; summary: string } }) {
  return (
    <Link component={RouterLink} to={`/task/${task.identifier}`} sx={{ fontWeight: 600 }}>
      {task.identifier} {task.summary}
    </Link>
  );
}

/** The side section: one figure of the role, the balance and the way to the finances page. */
function MoneySection({
  title,
  figure,
  balance,
}: {
  title: string;
  figure: { label: string; value: string };
  balance: string;
}) {
  return (
    <WorkSection title={title}>
      <Stack sx={{ gap: 2 }}>
        <Figure label={figure.label} value={usdt(figure.value)} />
        <Figure label="Balance" value={usdt(balance)} />
        <Button component={RouterLink} to="/finances" variant="outlined">
          Open finances
        </Button>
      </Stack>
    </WorkSection>
  );
}

export function DeveloperWork({ data }: { data: DeveloperDashboard }) {
  const accept = useAcceptInviteFromDashboard();
  const navigate = useNavigate();
  return (
    <WorkGrid
      side={
        <MoneySection
          title="Earnings"
          figure={{ label: 'Earned this month', value: data.earningsThisMonth }}
          balance={data.balance}
        />
      }
    >
      <ListSection title="Invites" items={data.invites}>
        {(i) => (
          <Row key={i.projectID}>
            {/* Rows name projects as text: each project's card further down is its link. */}
            <RowText title={<Name>{i.project.name}</Name>}>
              {i.invitedBy} invited you · {formatDate(i.createdAt)}
            </RowText>
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
        )}
      </ListSection>
      <ListSection
        title="My tasks"
        items={data.tasks}
        empty="No open tasks. Tasks assigned to you show here, soonest due first."
        label="My tasks"
      >
        {(t) => (
          <Row key={t.id}>
            <RowText title={<TaskLink task={t} />}>
              {t.project.name}
              {t.price ? ` · ${usdt(t.price)}` : ''}
            </RowText>
            <Chip size="small" label={t.stage} />
            <Typography variant="body2" sx={{ minWidth: 110, textAlign: { xs: 'left', sm: 'right' } }}>
              {t.dueDate ? `Due ${formatDate(t.dueDate)}` : 'No due date'}
            </Typography>
          </Row>
        )}
      </ListSection>
      <ListSection title="My applications" items={data.applications} empty="You have not applied to a project yet.">
        {(a) => (
          <Row key={a.id}>
            <RowText title={<Name>{a.project.name}</Name>}>Applied {formatDate(a.createdAt)}</RowText>
            <Chip size="small" label={a.status} color={STATUS_COLOR[a.status]} variant="outlined" />
          </Row>
        )}
      </ListSection>
    </WorkGrid>
  );
}

export function ClientWork({ data }: { data: ClientDashboard }) {
  return (
    <WorkGrid
      side={
        <MoneySection
          title="Money"
          figure={{ label: 'Held in escrow', value: data.escrowHeld }}
          balance={data.balance}
        />
      }
    >
      <ListSection
        title="Applicants waiting"
        count={data.applicants.reduce((n, a) => n + a.count, 0)}
        items={data.applicants}
        empty="No applicants waiting."
      >
        {(a) => (
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
        )}
      </ListSection>
      <ListSection title="Waiting for your review" items={data.review} empty="No tasks in Review.">
        {(t) => (
          <Row key={t.id}>
            <RowText title={<TaskLink task={t} />}>
              {t.project.name}
              {t.assignee ? ` · ${t.assignee}` : ''}
              {t.price ? ` · ${usdt(t.price)}` : ''}
            </RowText>
            {t.reviewDeadline && <Chip size="small" color="warning" label={timeLeft(t.reviewDeadline)} />}
          </Row>
        )}
      </ListSection>
      <ListSection title="Open disputes" items={data.disputes}>
        {(d) => (
          <Row key={d.id}>
            <RowText title={<TaskLink task={d} />} detailSx={{ overflowWrap: 'anywhere' }}>
              {d.project.name} · {d.reason}
            </RowText>
            <Chip size="small" color="error" label="In dispute" />
          </Row>
        )}
      </ListSection>
    </WorkGrid>
  );
}
