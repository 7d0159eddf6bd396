import { REVIEW_MSG, REVIEW_TAGS_MAX, REVIEW_TEXT_MAX, type Review, type Tag, type Task } from '@devmarket/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { handleFailure } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateReview, useTaskReview } from '../api/task-review';
import { formatDateTime } from '../../../lib/format';

/** The query parameter that opens the review dialog (links from the dashboard and notifications). */
export const REVIEW_PARAM = 'review';

/**
 * DESIGN §11 on a paid task: the owner and the assignee each review the other once. Shows the
 * caller's review, the other side's once revealed, and offers the dialog while the window is open.
 */
export function ReviewSection({ task, ownerId, meId }: { task: Task; ownerId: string; meId: string | undefined }) {
  const isParty = !!meId && !!task.assigneeID && (meId === task.assigneeID || meId === ownerId);
  const paid = task.stage === 'Complete' && !!task.price;
  // Self-funded work has nobody to review (DESIGN §11).
  const state = useTaskReview(task.id, isParty && paid && task.assigneeID !== ownerId);
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const canReview = !!state.data?.canReview;

  // ?review=1 opens the dialog once the state says a review can be written.
  useEffect(() => {
    if (canReview && params.get(REVIEW_PARAM)) {
      setOpen(true);
      const next = new URLSearchParams(params);
      next.delete(REVIEW_PARAM);
      setParams(next, { replace: true });
    }
  }, [canReview, params, setParams]);

  if (!state.data) return null;
  const { subject, mine, theirs, closesAt } = state.data;
  const name = subject ? `${subject.firstName} ${subject.lastName}`.trim() : 'the other party';
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {canReview && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
            This task is paid. Review {name} — reviews stay hidden until both of you have written one
            {closesAt ? ` or the window closes (${formatDateTime(closesAt)})` : ''}.
          </Typography>
          <Button variant="contained" onClick={() => setOpen(true)}>
            Leave a review
          </Button>
        </Box>
      )}
      {mine && <ReviewCard title="Your review" review={mine} />}
      {theirs ? (
        <ReviewCard title={`${name}'s review of you`} review={theirs} />
      ) : (
        mine && (
          <Typography variant="body2" color="text.secondary">
            {name}'s review of you is shown once they have written it or the review window has closed.
          </Typography>
        )
      )}
      {!canReview && !mine && state.data.reason && (
        <Typography variant="body2" color="text.secondary">
          {state.data.reason}
        </Typography>
      )}
      <ReviewDialog
        taskId={task.id}
        subjectName={name}
        allowedTags={state.data.allowedTags}
        open={open}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}

function ReviewCard({ title, review }: { title: string; review: Review }) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }} aria-label={title} role="group">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">{title}</Typography>
        <Rating value={review.rating} readOnly size="small" aria-label={`${review.rating} out of 5 stars`} />
      </Box>
      {review.text && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
          {review.text}
        </Typography>
      )}
      {review.tags.length > 0 && (
        <Box sx={{ display: 'flex', gap: 0.5, mt: 1, flexWrap: 'wrap' }}>
          {review.tags.map((t) => (
            <Chip key={t} label={t} size="small" />
          ))}
        </Box>
      )}
    </Box>
  );
}

function ReviewDialog({
  taskId,
  subjectName,
  allowedTags,
  open,
  onClose,
}: {
  taskId: string;
  subjectName: string;
  allowedTags: string[];
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const create = useCreateReview(taskId);
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    if (!rating) {
      setErrors({ rating: REVIEW_MSG.rating });
      return;
    }
    create.mutate(
      { rating, text, tags: tags as Tag[] },
      {
        onSuccess: () => {
          notify('Review submitted', { text: `Your review of ${subjectName} is saved.` });
          onClose();
        },
        onError: (err) => handleFailure(err, (fields) => setErrors(fields)),
      },
    );
  };
  const toggle = (tag: string) =>
    setTags((ts) => (ts.includes(tag) ? ts.filter((t) => t !== tag) : ts.length < REVIEW_TAGS_MAX ? [...ts, tag] : ts));

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Review {subjectName}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography component="legend" variant="body2" sx={{ mb: 0.5 }}>
            Rating
          </Typography>
          <Rating
            name="rating"
            value={rating}
            onChange={(_, v) => {
              setRating(v);
              setErrors((e) => ({ ...e, rating: '' }));
            }}
            size="large"
          />
          {errors.rating && <FormHelperText error>{errors.rating}</FormHelperText>}
        </Box>
        <TextField
          label="Review"
          multiline
          minRows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={!!errors.text}
          helperText={errors.text || `${text.length}/${REVIEW_TEXT_MAX}`}
          slotProps={{ htmlInput: { maxLength: REVIEW_TEXT_MAX } }}
        />
        {allowedTags.length > 0 && (
          <Box role="group" aria-label="Endorse skills">
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              Endorse up to {REVIEW_TAGS_MAX} skills from this project
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {allowedTags.map((tag) => {
                const on = tags.includes(tag);
                return (
                  <Chip
                    key={tag}
                    label={tag}
                    component="button"
                    clickable
                    aria-pressed={on}
                    color={on ? 'primary' : 'default'}
                    variant={on ? 'filled' : 'outlined'}
                    onClick={() => toggle(tag)}
                  />
                );
              })}
            </Box>
            {errors.tags && <FormHelperText error>{errors.tags}</FormHelperText>}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} loading={create.isPending}>
          Submit review
        </Button>
      </DialogActions>
    </Dialog>
  );
}
