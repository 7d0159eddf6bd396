import type { TaskSummary } from '@devmarket/contract';
import { holdsEscrow } from '@devmarket/contract/task-rules';
import { useDraggable } from '@dnd-kit/core';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import { type KeyboardEvent, memo } from 'react';
import { formatUsdt } from '../../../lib/format';
import { DueDateLabel } from './due-date-label';
import { EscrowChips } from './escrow-chips';
import { initials } from '../../../components/user-avatar';
import { fullName } from './person-avatar';
import './task-card.css';

type CardBodyProps = { task: TaskSummary; dragging?: boolean; overlay?: boolean };

type Person = NonNullable<TaskSummary['Assignee']>;

/** The assignee's picture or initials (the name is its label and native tooltip), or the unassigned mark. */
function CardAvatar({ person }: { person: Person | null | undefined }) {
  if (!person) {
    return (
      <span className="dm-card-avatar" data-empty="" role="img" aria-label="Unassigned" title="Unassigned">
        <PersonOutlineIcon fontSize="small" />
      </span>
    );
  }
  const name = fullName(person);
  const src = person.imageURL && !person.imageURL.startsWith('__') ? person.imageURL : undefined;
  return (
    <span className="dm-card-avatar" role="img" aria-label={name} title={name}>
      {src ? <img src={src} alt="" /> : initials(person)}
    </span>
  );
}

/** What a card shows: identifier, summary, price or escrow, dispute, review countdown, due date, assignee. */
export function TaskCardBody({ task, dragging, overlay }: CardBodyProps) {
  // A finished task reads as done: muted surface and a check beside its identifier (DESIGN §13).
  const done = task.stage === 'Complete';
  const flag = (on: boolean | undefined) => (on ? '' : undefined);
  return (
    <div className="dm-card" data-done={flag(done)} data-dragging={flag(dragging)} data-overlay={flag(overlay)}>
      <p className="dm-card-id">
        {done && <CheckCircleIcon sx={{ fontSize: 16, color: 'success.main' }} aria-label="Complete" />}
        {task.identifier}
      </p>
      <p className="dm-card-summary">{task.summary}</p>
      <div className="dm-card-meta">
        {task.price && !holdsEscrow(task) && <span className="dm-card-price">{formatUsdt(task.price)}</span>}
        <EscrowChips task={task} />
        {!done && <DueDateLabel dueDate={task.dueDate} />}
        <CardAvatar person={task.Assignee} />
      </div>
    </div>
  );
}

type Props = { task: TaskSummary; draggable: boolean; onOpen: (taskId: string) => void };

/** A board card: draggable (mouse, touch, keyboard with Space) when allowed; click or Enter opens it. */
export const TaskCard = memo(function TaskCard({ task, draggable, onOpen }: Props) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: task.id, disabled: !draggable });
  // dnd-kit's attributes say role="button" and tabIndex 0 too; they are set here for every card.
  const { role: _role, tabIndex: _tabIndex, ...dragAttributes } = attributes;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onOpen(task.id);
      return;
    }
    listeners?.onKeyDown?.(e);
  };
  // No aria-label: the card is named by what it shows (identifier, summary, price or escrow, due
  // date, assignee), so a screen reader hears the price and the assignee too, and a person who
  // speaks a visible word of it (WCAG 2.5.3, label in name) reaches it.
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card holds block content (paragraphs), which a <button> may not.
    <div
      ref={setNodeRef}
      className="dm-card-slot"
      data-draggable={draggable ? '' : undefined}
      role="button"
      tabIndex={0}
      {...(draggable ? dragAttributes : {})}
      {...(draggable ? listeners : {})}
      onKeyDown={onKeyDown}
      onClick={() => onOpen(task.id)}
      data-testid="task-card"
      data-stage={task.stage}
    >
      <TaskCardBody task={task} dragging={isDragging} />
    </div>
  );
});
