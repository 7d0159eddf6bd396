import { type AdminDeveloper, APPROVAL_NOTE_MAX, REVIEW_STATUSES, type ReviewStatus } from '@devmarket/contract';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import GitHubIcon from '@mui/icons-material/GitHub';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAdminDevelopers, useReviewDeveloper } from '../api/developers';
import { ExternalLink } from '../../../components/external-link';

const LABELS: Record<ReviewStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  none: 'Not submitted',
};

function DeveloperCard({
  dev,
  onReject,
  onApprove,
}: {
  dev: AdminDeveloper;
  onReject: (d: AdminDeveloper) => void;
  onApprove: (d: AdminDeveloper) => void;
}) {
  const review = useReviewDeveloper();
  const name = `${dev.firstName} ${dev.lastName}`.trim();
  const approve = () => onApprove(dev);
  return (
    <Card component="li" aria-label={name}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <UserAvatar user={dev} size={48} />
          <Box sx={{ flex: 1, minWidth: 180 }}>
            <Typography sx={{ fontWeight: 650 }}>{name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {dev.email}
              {dev.username ? ` · @${dev.username}` : ''}
            </Typography>
          </Box>
          <Chip
            size="small"
            label={dev.emailVerified ? 'Email verified' : 'Email not verified'}
            color={dev.emailVerified ? 'success' : 'warning'}
            variant="outlined"
          />
        </Box>
        {dev.title && <Typography sx={{ fontWeight: 600 }}>{dev.title}</Typography>}
        {dev.about && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {dev.about}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {dev.github ? (
            <ExternalLink href={dev.github} icon={<GitHubIcon fontSize="small" aria-hidden />}>
              {dev.github.replace(/^https:\/\//, '')}
            </ExternalLink>
          ) : (
            <Typography variant="body2" color="text.secondary">
              No GitHub link
            </Typography>
          )}
          {dev.linkedin && (
            <ExternalLink href={dev.linkedin} icon={<LinkedInIcon fontSize="small" aria-hidden />}>
              {dev.linkedin.replace(/^https:\/\//, '')}
            </ExternalLink>
          )}
          {dev.username && dev.reviewStatus === 'approved' && (
            <Link component={RouterLink} to={`/dev/${dev.username}`}>
              Public profile
            </Link>
          )}
        </Box>
      </CardContent>
      {dev.reviewStatus !== 'approved' && (
        <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
          <Button variant="contained" startIcon={<CheckIcon />} onClick={approve} disabled={review.isPending}>
            Approve
          </Button>
          {dev.reviewStatus !== 'rejected' && (
            <Button color="error" startIcon={<CloseIcon />} onClick={() => onReject(dev)} disabled={review.isPending}>
              Reject
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}

const CHECKS = [
  ['identity', 'Identity checked (who they say they are)'],
  ['skills', 'Skills checked (their code and tools)'],
  ['experience', 'Experience checked (past work and references)'],
] as const;

/**
 * DESIGN §19: Approve asks for the three checks and a note, and confirms first: the approval is
 * what the profile's "Verified on" stands for.
 */
function ApproveDialog({ dev, onClose }: { dev: AdminDeveloper | null; onClose: () => void }) {
  const review = useReviewDeveloper();
  const [checks, setChecks] = useState({ identity: false, skills: false, experience: false });
  const [note, setNote] = useState('');
  const all = checks.identity && checks.skills && checks.experience;
  const name = dev ? `${dev.firstName} ${dev.lastName}`.trim() : '';
  const close = () => {
    setChecks({ identity: false, skills: false, experience: false });
    setNote('');
    onClose();
  };
  const submit = async () => {
    if (!dev || !all) return;
    try {
      await review.mutateAsync({ id: dev.id, action: 'approve', note: note.trim() || undefined });
      notify('Developer approved', { text: `${name} has been told by email.` });
      close();
    } catch (err) {
      handleFailure(err);
    }
  };
  return (
    <Dialog open={Boolean(dev)} onClose={close} fullWidth maxWidth="sm" aria-labelledby="approve-developer-title">
      <DialogTitle id="approve-developer-title">Approve {name}?</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Their profile will say they are verified and that identity, skills and experience were checked. Confirm each
          check you made.
        </Typography>
        <FormGroup>
          {CHECKS.map(([key, label]) => (
            <FormControlLabel
              key={key}
              control={
                <Checkbox
                  checked={checks[key]}
                  onChange={(e) => setChecks((c) => ({ ...c, [key]: e.target.checked }))}
                  disabled={review.isPending}
                />
              }
              label={label}
            />
          ))}
        </FormGroup>
        <TextField
          label="Note (optional)"
          helperText={`How you checked, for the record (at most ${APPROVAL_NOTE_MAX.toLocaleString('en-US')} characters)`}
          multiline
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: APPROVAL_NOTE_MAX } }}
          disabled={review.isPending}
          sx={{ mt: 2 }}
          fullWidth
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={!all || review.isPending}>
          Approve
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RejectDialog({ dev, onClose }: { dev: AdminDeveloper | null; onClose: () => void }) {
  const review = useReviewDeveloper();
  const [reason, setReason] = useState('');
  const submit = async () => {
    if (!dev) return;
    try {
      await review.mutateAsync({ id: dev.id, action: 'reject', reason: reason.trim() || undefined });
      notify('Developer rejected', { text: 'They have been told by email.' });
      setReason('');
      onClose();
    } catch (err) {
      handleFailure(err);
    }
  };
  return (
    <Dialog open={Boolean(dev)} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Reject {dev?.firstName}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The developer gets an email with your reason and can submit their links again.
        </Typography>
        <TextField
          label="Reason (optional)"
          multiline
          minRows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          disabled={review.isPending}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={submit} disabled={review.isPending}>
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Staff console panel: developers awaiting review, with their profile and links; approve or reject. */
export function DevelopersPanel() {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminDeveloper | null>(null);
  const [approving, setApproving] = useState<AdminDeveloper | null>(null);
  const list = useAdminDevelopers(status, page);
  return (
    <Box>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        onChange={(_e, v: ReviewStatus | null) => {
          if (v) {
            setStatus(v);
            setPage(1);
          }
        }}
        aria-label="Review status"
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        {REVIEW_STATUSES.map((s) => (
          <ToggleButton key={s} value={s}>
            {LABELS[s]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {list.isPending ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={160} />
        </Box>
      ) : list.isError ? (
        <Typography color="error">Developers could not be loaded.</Typography>
      ) : list.data.developers.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">
            {status === 'pending'
              ? 'No developers are waiting for review.'
              : `No ${LABELS[status].toLowerCase()} developers.`}
          </Typography>
        </Paper>
      ) : (
        <Box component="ul" aria-label="Developers" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {list.data.developers.map((d) => (
            <DeveloperCard key={d.id} dev={d} onReject={setRejecting} onApprove={setApproving} />
          ))}
        </Box>
      )}
      {list.data && list.data.pages > 1 && (
        <Pagination sx={{ mt: 2 }} count={list.data.pages} page={page} onChange={(_e, p) => setPage(p)} />
      )}
      <RejectDialog dev={rejecting} onClose={() => setRejecting(null)} />
      <ApproveDialog dev={approving} onClose={() => setApproving(null)} />
    </Box>
  );
}
