import type { ProjectWithUsers } from '@devmarket/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useHoldConfirm } from './hold-confirm';
import { emptyTaskForm, type TaskFormValues } from './task-form';

const person = { firstName: 'Aisha', lastName: 'Khan', image: null, imageURL: null, username: 'aisha' };
const project = {
  id: 'p',
  ownerID: 'owner',
  users: [{ userID: 'aisha', user: { id: 'aisha', ...person } }],
} as unknown as ProjectWithUsers;

function Harness(props: {
  values: Partial<TaskFormValues>;
  isOwner?: boolean;
  previous?: string | null;
  save: () => void;
}) {
  const hold = useHoldConfirm(project, 'SR-1', props.isOwner ?? true);
  return (
    <>
      <button
        type="button"
        onClick={() => hold.guard({ ...emptyTaskForm(), ...props.values }, props.previous ?? null, props.save)}
      >
        Save
      </button>
      {hold.dialog}
    </>
  );
}

describe('useHoldConfirm', () => {
  it('asks the owner before assigning a priced task and saves only on confirmation', async () => {
    const save = vi.fn();
    render(<Harness values={{ assigneeID: 'aisha', price: '150.00' }} save={save} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hold funds in escrow?' });
    expect(dialog.textContent).toContain('Assign SR-1 to Aisha Khan and hold 150 USDT from your balance?');
    expect(save).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Assign and hold' }));
    expect(save).toHaveBeenCalledOnce();
  });

  it('saves at once when nothing would be held', async () => {
    const save = vi.fn();
    const { rerender } = render(<Harness values={{ assigneeID: 'aisha', price: '' }} save={save} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    rerender(<Harness values={{ assigneeID: '', price: '150' }} save={save} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // A member cannot fund: the server answers 403 and the form shows it, so nothing is asked.
    rerender(<Harness values={{ assigneeID: 'aisha', price: '150' }} isOwner={false} save={save} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
