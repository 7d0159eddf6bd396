import { type ProjectWithUsers, TASK_MSG, type Task } from '@devmarket/contract';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import GavelIcon from '@mui/icons-material/Gavel';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { approvePayLabel, ConfirmCompleteDialog } from '../../../components/approve-pay';
import { handleFailure } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useMoveTask } from '../api/move-task';
import { useTaskAction } from '../api/task-actions';
import { isInDispute } from '../lib/escrow';
import { ConfirmDialog } from './confirm-dialog';
import { fullName } from './person-avatar';
import type { ReasonKind } from './reason-dialog';

// Only opened on demand: kept out of the board's first load.
const ReasonDialog = lazy(() => import('./reason-dialog'));

type Props = { project: ProjectWithUsers; task: Task; isOwner: boolean; isAssignee: boolean };

/** What a resolved dispute decided, in words. */
function outcomeText(task: Task): string {
  const d = task.dispute;
  if (d?.status !== 'Resolved') return '';
  if (d.outcome === 'release') return 'Staff released the payment to the assignee.';
  if (d.outcome === 'refund') return 'Staff refunded the held money to the owner.';
  return `Staff split the payment: ${d.amount} USDT to the assignee, the rest back to the owner.`;
}

/**
 * The escrow steps of a task (DESIGN §8): the owner unassigns (ToDo / In Progress) or requests
 * changes (Review); the owner or the assignee opens a dispute. While a dispute is open the steps
 * are shown disabled with the reason.
 */
export function TaskEscrowActions({ project, task, isOwner, isAssignee }: Props) {
  const reasonId = useId();
  const [asking, setAsking] = useState<ReasonKind | null>(null);
  const [confirmUnassign, setConfirmUnassign] = useState(false);
  const [confirmApprove, setConfirmApprove] = useState(false);
  const action = useTaskAction(project.id, task.id);
  const move = useMoveTask(project.id);
  const disputed = isInDispute(task);
  const frozen = disputed ? { disabled: true, 'aria-describedby': reasonId } : {};

  const canUnassign = isOwner && !!task.assigneeID && (task.stage === 'ToDo' || task.stage === 'In Progress');
  const canRequestChanges = isOwner && task.stage === 'Review';
  // DESIGN §19: accepting the work is the same move to Complete as the board's, behind the same confirm.
  const canApprove = canRequestChanges && !!task.assigneeID;
  const canDispute =
    (isOwner || isAssignee) && !!task.assigneeID && !!task.price && task.stage !== 'Complete' && !disputed;
  const resolved = outcomeText(task);
  if (!canUnassign && !canRequestChanges && !canApprove && !canDispute && !disputed && !resolved) return null;

  const unassign = () =>
    action.mutate(
      { kind: 'unassign' },
      {
        onSuccess: () => {
          setConfirmUnassign(false);
          notify('Task unassigned', {
            text: task.price ? `${task.price} USDT returned to your balance` : `${task.identifier} is unassigned`,
          });
        },
        onError: (err) => {
          setConfirmUnassign(false);
          handleFailure(err);
        },
      },
    );
  const assignee = task.Assignee ? fullName(task.Assignee) : 'the assignee';
  const approve = () =>
    move.mutate(
      { taskId: task.id, to: 'Complete' },
      {
        onSuccess: () =>
          notify(task.price ? 'Task paid' : 'Task complete', {
            text: task.price ? `${formatPrice(task.price)} USDT paid to ${assignee}` : `${task.identifier} is complete`,
          }),
        onSettled: () => setConfirmApprove(false),
      },
    );

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {disputed && task.dispute && (
        <Alert severity="warning" icon={<GavelIcon />} id={reasonId}>
          <AlertTitle>{TASK_MSG.inDispute}</AlertTitle>
          The money held for it is frozen: moving, completing, unassigning and requesting changes wait until DevMarket
          staff resolve the dispute.
          <Box component="q" sx={{ display: 'block', mt: 0.5, fontStyle: 'italic', overflowWrap: 'anywhere' }}>
            {task.dispute.reason}
          </Box>
        </Alert>
      )}
      {resolved && <Alert severity="info">{resolved}</Alert>}
      {(canUnassign || canRequestChanges || canApprove || canDispute) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {canApprove && (
            <Button
              variant="contained"
              size="small"
              color="success"
              startIcon={<DoneAllIcon />}
              onClick={() => setConfirmApprove(true)}
              {...frozen}
            >
              {approvePayLabel(task.price)}
            </Button>
          )}
          {canUnassign && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<PersonRemoveOutlinedIcon />}
              onClick={() => setConfirmUnassign(true)}
              {...frozen}
            >
              Unassign
            </Button>
          )}
          {canRequestChanges && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<ReplayIcon />}
              onClick={() => setAsking('request-changes')}
              {...frozen}
            >
              Request changes
            </Button>
          )}
          {canDispute && (
            <Button
              variant="outlined"
              size="small"
              color="error"
              startIcon={<GavelIcon />}
              onClick={() => setAsking('dispute')}
            >
              Open dispute
            </Button>
          )}
        </Box>
      )}
      <ConfirmDialog
        open={confirmUnassign}
        title="Unassign task?"
        text={`Unassign ${task.identifier} from ${assignee}?${
          task.price ? ` The ${task.price} USDT held returns to your balance.` : ''
        }`}
        confirmLabel="Unassign"
        busy={action.isPending}
        onCancel={() => setConfirmUnassign(false)}
        onConfirm={unassign}
      />
      <ConfirmCompleteDialog
        open={confirmApprove}
        identifier={task.identifier}
        price={task.price}
        payee={task.Assignee ? fullName(task.Assignee) : null}
        busy={move.isPending}
        onCancel={() => setConfirmApprove(false)}
        onConfirm={approve}
      />
      {asking && (
        <Suspense fallback={null}>
          <ReasonDialog kind={asking} projectId={project.id} task={task} onClose={() => setAsking(null)} />
        </Suspense>
      )}
    </Box>
  );
}
