import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@devmarket/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { stackedTableSx } from '../../../components/stacked-table';
import { formatDateTime } from '../../../lib/format';
import { useAuditLog } from '../api/audit';

/** Readable names of the audited acts. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'developer.approve': 'Approved a developer',
  'developer.reject': 'Rejected a developer',
  'project.verify': 'Verified a project',
  'project.feature': 'Featured a project',
  'transaction.complete': 'Completed a transaction',
  'transaction.fail': 'Failed a transaction',
  'dispute.resolve': 'Resolved a dispute',
  'staff.create': 'Created a staff account',
};

const detailText = (d: Record<string, unknown>) =>
  Object.entries(d)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');

/** Staff console: the append-only log of staff acts (DESIGN §15), by action and actor. */
export function AuditPanel() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const [actor, setActor] = useState<{ id: string; email: string } | null>(null);
  const log = useAuditLog({ action: action || undefined, actorId: actor?.id });
  const entries = useMemo(() => log.data?.pages.flat() ?? [], [log.data]);
  // Actors to filter by: everyone seen so far in this tab (kept while a filter narrows the list).
  const [actors, setActors] = useState(() => new Map<string, string>());
  useEffect(() => {
    const missing = entries.filter((e) => e.actor.id && !actors.has(e.actor.id));
    if (missing.length === 0) return;
    setActors((m) => {
      const next = new Map(m);
      for (const e of missing) if (e.actor.id) next.set(e.actor.id, e.actor.email);
      return next;
    });
  }, [entries, actors]);

  const pickActor = (e: AuditEntry) => {
    if (e.actor.id) setActor({ id: e.actor.id, email: e.actor.email });
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label="Action"
          value={action}
          onChange={(e) => setAction(e.target.value as AuditAction | '')}
          sx={{ width: { xs: '100%', sm: 240 } }}
        >
          <MenuItem value="">All actions</MenuItem>
          {AUDIT_ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {AUDIT_ACTION_LABELS[a]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Actor"
          value={actor?.id ?? ''}
          onChange={(e) => {
            const id = e.target.value;
            setActor(id ? { id, email: actors.get(id) ?? id } : null);
          }}
          sx={{ width: { xs: '100%', sm: 300 } }}
        >
          <MenuItem value="">Everyone</MenuItem>
          {[...actors].map(([id, email]) => (
            <MenuItem key={id} value={id}>
              {email}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {log.isPending ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={48} />
          ))}
        </Box>
      ) : log.isError ? (
        <Typography color="error">The audit log could not be loaded.</Typography>
      ) : entries.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">
            No staff acts recorded{action || actor ? ' for this filter' : ' yet'}.
          </Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Audit log" sx={stackedTableSx}>
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>Target</TableCell>
                <TableCell>Detail</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((e) => (
                <TableRow key={e.id}>
                  <TableCell data-label="When" sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(e.at)}
                  </TableCell>
                  <TableCell data-label="Who" sx={{ overflowWrap: { xs: 'anywhere', sm: 'normal' } }}>
                    {e.actor.id ? (
                      <Link
                        component="button"
                        type="button"
                        onClick={() => pickActor(e)}
                        title="Only this actor"
                        sx={{ textAlign: 'left', overflowWrap: 'inherit' }}
                      >
                        {e.actor.email}
                      </Link>
                    ) : (
                      e.actor.email
                    )}
                  </TableCell>
                  <TableCell data-label="Action">{AUDIT_ACTION_LABELS[e.action]}</TableCell>
                  <TableCell
                    data-label="Target"
                    sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 12 }}
                  >
                    {e.target.type} {e.target.id}
                  </TableCell>
                  <TableCell data-label="Detail" sx={{ overflowWrap: 'anywhere' }}>
                    {detailText(e.detail)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {log.hasNextPage && (
        <Button sx={{ mt: 2 }} onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? 'Loading…' : 'Older entries'}
        </Button>
      )}
    </Box>
  );
}
