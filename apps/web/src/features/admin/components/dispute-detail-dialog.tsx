import { type AdminDisputeDetail, type DisputeOutcome, TASK_MSG } from '@devmarket/contract';
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId, useState } from 'react';
import { Markdown } from '../../../components/markdown';
import { ApiError, handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAdminDispute, useResolveDispute } from '../api/disputes';
import { outcomeSummary, resolutionText, splitShare } from './dispute-texts';
import { formatDateTime } from '../../../lib/format';

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const when = formatDateTime;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ display: 'grid', gap: 1 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary">
    {children}
  </Typography>
);

/** Staff read the task, its comments and files and the parties' messages, then resolve (DESIGN §8). */
export default function DisputeDetailDialog({ disputeId, onClose }: { disputeId: string; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const { data: d, isPending, isError } = useAdminDispute(disputeId);
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
          Dispute{d ? ` · ${d.identifier} ${d.summary}` : ''}
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5 }}>
        {isPending ? (
          <Skeleton variant="rounded" height={240} />
        ) : isError ? (
          <Alert severity="error">This dispute could not be loaded.</Alert>
        ) : (
          <DisputeBody d={d} onResolved={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DisputeBody({ d, onResolved }: { d: AdminDisputeDetail; onResolved: () => void }) {
  const ownerName = name(d.owner);
  const assigneeName = name(d.assignee);
  const author = (userID: string) =>
    userID === d.owner.id
      ? `${ownerName} (owner)`
      : userID === d.assignee.id
        ? `${assigneeName} (assignee)`
        : 'Someone';
  return (
    <>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {d.projectName} · {d.price ? `${d.price} USDT held` : 'no price'} · opened {when(d.createdAt)} by{' '}
          {author(d.openedBy)}
        </Typography>
        <Typography variant="body2">
          Owner: {ownerName} · Assignee: {assigneeName}
        </Typography>
      </Box>
      <Section title="Reason">
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{d.reason}</Typography>
      </Section>
      <Section title="Task description">
        {d.task.description.trim() ? <Markdown>{d.task.description}</Markdown> : <Empty>No description</Empty>}
      </Section>
      <Section title="Task comments and history">
        {d.task.Activities.length === 0 ? (
          <Empty>No comments</Empty>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
            {d.task.Activities.map((a) => (
              <Box component="li" key={a.id} sx={{ display: 'flex', gap: 1 }}>
                {a.kind === 'system' && (
                  <HistoryIcon fontSize="small" sx={{ color: 'text.secondary', mt: 0.25 }} titleAccess="Task history" />
                )}
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="caption" color="text.secondary">
                    {a.name} · {when(a.createdAt)}
                  </Typography>
                  <Typography
                    variant="body2"
                    sx={{
                      whiteSpace: 'pre-line',
                      overflowWrap: 'anywhere',
                      color: a.kind === 'system' ? 'text.secondary' : 'text.primary',
                    }}
                  >
                    {a.text}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </Section>
      <Section title="Task files">
        {d.task.Files.length === 0 ? (
          <Empty>No files</Empty>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {d.task.Files.map((f) => (
              <Typography component="li" variant="body2" key={f.id} sx={{ overflowWrap: 'anywhere' }}>
                {f.name} ({Math.max(1, Math.round(f.size / 1024))} KB, {when(f.date)})
              </Typography>
            ))}
          </Box>
        )}
      </Section>
      <Section title={`Messages between ${ownerName} and ${assigneeName}`}>
        {d.messages.length === 0 ? (
          <Empty>They have not written to each other</Empty>
        ) : (
          <Box
            component="ol"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25, maxHeight: 360, overflowY: 'auto' }}
          >
            {d.messages.map((m) => (
              <Box component="li" key={m.id}>
                <Typography variant="caption" color="text.secondary">
                  {author(m.userID)} · {when(m.createdAt)}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {m.text}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Section>
      <Divider />
      {d.status === 'Open' ? (
        <ResolveForm d={d} onResolved={onResolved} />
      ) : (
        <Alert severity="info">
          Resolved{d.resolvedAt ? ` ${when(d.resolvedAt)}` : ''}: {outcomeSummary(d)}
        </Alert>
      )}
    </>
  );
}

const OUTCOME_LABELS: Record<DisputeOutcome, string> = {
  release: 'Release: pay the assignee in full',
  refund: 'Refund: the held money goes back to the owner',
  split: 'Split: the assignee gets a part, the owner the rest',
};

function ResolveForm({ d, onResolved }: { d: AdminDisputeDetail; onResolved: () => void }) {
  const labelId = useId();
  const [outcome, setOutcome] = useState<DisputeOutcome>('release');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ text: string; share?: string } | null>(null);
  const resolve = useResolveDispute(d.id);

  const ask = () => {
    setError(null);
    setAmountError(null);
    if (outcome !== 'split') return setConfirm({ text: resolutionText(d, outcome) });
    const share = splitShare(d.price, amount);
    if (!share) return setAmountError(TASK_MSG.splitAmount);
    setConfirm({ text: resolutionText(d, 'split', share), share });
  };
  const send = () => {
    if (!confirm) return;
    resolve.mutate(
      { outcome, ...(outcome === 'split' ? { amount: confirm.share } : {}) },
      {
        onSuccess: () => {
          notify('Dispute resolved', { text: confirm.text });
          setConfirm(null);
          onResolved();
        },
        onError: (err) => {
          setConfirm(null);
          handleFailure(err, (errors) => {
            if (errors.amount) setAmountError(errors.amount);
            setError(errors.outcome ?? (err instanceof ApiError && err.status !== 422 ? err.message : null));
          });
        },
      },
    );
  };

  return (
    <Box
      component="form"
      aria-label="Resolve the dispute"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        ask();
      }}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <FormLabel id={labelId} sx={{ fontWeight: 700, color: 'text.primary' }}>
        Resolve
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={outcome}
        onChange={(e) => setOutcome(e.target.value as DisputeOutcome)}
      >
        {(Object.keys(OUTCOME_LABELS) as DisputeOutcome[]).map((o) => (
          <FormControlLabel key={o} value={o} control={<Radio />} label={OUTCOME_LABELS[o]} />
        ))}
      </RadioGroup>
      {outcome === 'split' && (
        <TextField
          label="Assignee's share"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={!!amountError}
          helperText={
            amountError ?? `More than 0 and less than ${d.price ?? '0'} USDT; the rest goes back to the owner`
          }
          sx={{ maxWidth: 320 }}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">USDT</InputAdornment> },
          }}
        />
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" loading={resolve.isPending}>
          Resolve dispute
        </Button>
      </Box>
      <Dialog
        open={!!confirm}
        onClose={resolve.isPending ? undefined : () => setConfirm(null)}
        aria-labelledby={`${labelId}-confirm`}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={`${labelId}-confirm`}>Confirm resolution</DialogTitle>
        <DialogContent>
          <DialogContentText>{confirm?.text}</DialogContentText>
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            This is final: the money moves at once.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)} disabled={resolve.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={send} loading={resolve.isPending} autoFocus>
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
