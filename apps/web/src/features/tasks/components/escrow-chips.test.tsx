import type { TaskSummary } from '@devmarket/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openDispute, taskCard } from '../../../testing/fixtures';
import { EscrowChips } from './escrow-chips';

const HOUR = 3_600_000;
const task = (over: Partial<TaskSummary>) =>
  taskCard({ id: 't', identifier: 'SR-1', summary: 'Checkout', price: '150', ...over });
const dispute = openDispute(new Date().toISOString());

describe('EscrowChips', () => {
  it('shows the escrow chip while an assigned priced task holds its price', () => {
    render(<EscrowChips task={task({})} />);
    expect(screen.getByText('150 USDT in escrow')).toBeTruthy();
  });

  it('shows nothing held for an unassigned, an unpriced or a complete task', () => {
    const { container } = render(
      <>
        <EscrowChips task={task({ assigneeID: null, stage: 'Unassigned' })} />
        <EscrowChips task={task({ price: null })} />
        <EscrowChips task={task({ stage: 'Complete' })} />
      </>,
    );
    expect(container.textContent).toBe('');
  });

  it('counts the review window down in hours under a day', () => {
    const deadline = new Date(Date.now() + 3 * HOUR + 10 * 60_000).toISOString();
    render(<EscrowChips task={task({ stage: 'Review', reviewDeadline: deadline })} />);
    expect(screen.getByText('Auto-pays in 3 hours')).toBeTruthy();
  });

  it('shows "In dispute" and no countdown while a dispute is open', () => {
    const deadline = new Date(Date.now() + 50 * HOUR).toISOString();
    render(<EscrowChips task={task({ stage: 'Review', reviewDeadline: deadline, dispute })} />);
    expect(screen.getByText('In dispute')).toBeTruthy();
    expect(screen.getByText('150 USDT in escrow')).toBeTruthy();
    expect(screen.queryByText(/Auto-pays/)).toBeNull();
  });
});
