import type { AdminDispute } from '@devmarket/contract';
import GavelIcon from '@mui/icons-material/Gavel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { type DisputeStatus, useAdminDisputes } from '../api/disputes';
import { outcomeSummary } from './dispute-texts';
import { formatDateTime } from '../../../lib/format';

// The detail (task, comments, files, messages, resolve) loads when a dispute is opened.
const DisputeDetailDialog = lazy(() => import('./dispute-detail-dialog'));

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** One term of a dispute card's description list; `wrap` keeps a long text's lines and breaks. */
function Detail({ term, wrap, children }: { term: string; wrap?: boolean; children: React.ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={wrap ? { m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' } : { m: 0 }}
      >
        {children}
      </Typography>
    </>
  );
}

function DisputeCard({ d, onOpen }: { d: AdminDispute; onOpen: () => void }) {
  const openedBy = d.openedBy === d.owner.id ? 'the owner' : 'the assignee';
  return (
    <Card component="li" variant="outlined" aria-label={`${d.identifier} ${d.summary}`}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 700 }}>{d.identifier}</Typography>
          <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{d.summary}</Typography>
          {d.price && <Chip size="small" label={`${d.price} USDT`} color="secondary" variant="outlined" />}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {d.projectName} · opened by {openedBy} on {formatDateTime(d.createdAt)}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
        >
          <Detail term="Owner">{name(d.owner)}</Detail>
          <Detail term="Assignee">{name(d.assignee)}</Detail>
          <Detail term="Reason" wrap>
            {d.reason}
          </Detail>
          {d.status === 'Resolved' && (
            <Detail term="Outcome">
              {outcomeSummary(d)}
              {d.resolvedAt ? ` · ${formatDateTime(d.resolvedAt)}` : ''}
            </Detail>
          )}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant={d.status === 'Open' ? 'contained' : 'outlined'} size="small" onClick={onOpen}>
          {d.status === 'Open' ? 'Review and resolve' : 'View'}
        </Button>
      </CardActions>
    </Card>
  );
}

/** Staff console: open and resolved disputes (DESIGN §8), each with the task, both parties and the reason. */
export function DisputesPanel() {
  const [status, setStatus] = useState<DisputeStatus>('Open');
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, isPending, isError } = useAdminDisputes(status);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        onChange={(_e, v: DisputeStatus | null) => v && setStatus(v)}
        aria-label="Dispute status"
      >
        <ToggleButton value="Open">Open</ToggleButton>
        <ToggleButton value="Resolved">Resolved</ToggleButton>
      </ToggleButtonGroup>
      {isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : isError ? (
        <Typography color="error">Could not load disputes.</Typography>
      ) : data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', color: 'text.secondary' }}>
          <GavelIcon sx={{ fontSize: 40 }} aria-hidden />
          <Typography>{status === 'Open' ? 'No open disputes' : 'No resolved disputes yet'}</Typography>
        </Paper>
      ) : (
        <Box
          component="ul"
          aria-label={`${status} disputes`}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
        >
          {data.map((d) => (
            <DisputeCard key={d.id} d={d} onOpen={() => setOpenId(d.id)} />
          ))}
        </Box>
      )}
      {openId && (
        <Suspense fallback={null}>
          <DisputeDetailDialog disputeId={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </Box>
  );
}
