import type { ProjectWithUsers } from '@devmarket/contract';
import { useState } from 'react';
import { holdQuestion, normalPrice } from '../lib/escrow';
import { ConfirmDialog } from './confirm-dialog';
import { fullName } from './person-avatar';
import type { TaskFormValues } from './task-form';

/**
 * Assigning a priced task takes the price from the owner's balance, so the owner is asked first
 * (DESIGN §13). `guard` runs `save` at once when nothing would be held.
 */
export function useHoldConfirm(project: ProjectWithUsers, identifier: string | null, isOwner: boolean) {
  const [pending, setPending] = useState<{ text: string; save: () => void } | null>(null);

  const guard = (values: TaskFormValues, previousAssignee: string | null, save: () => void) => {
    const price = normalPrice(values.price);
    const assignee = project.users.find((u) => u.userID === values.assigneeID);
    if (!isOwner || !price || !assignee || values.assigneeID === previousAssignee) return save();
    setPending({ text: holdQuestion(identifier, fullName(assignee.user), price), save });
  };

  const dialog = (
    <ConfirmDialog
      open={!!pending}
      title="Hold funds in escrow?"
      text={pending?.text ?? ''}
      confirmLabel="Assign and hold"
      onCancel={() => setPending(null)}
      onConfirm={() => {
        pending?.save();
        setPending(null);
      }}
    />
  );
  return { guard, dialog };
}
