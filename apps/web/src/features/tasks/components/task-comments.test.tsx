import type { Task } from '@devmarket/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../../lib/format';
import { TaskComments } from './task-comments';

const at = '2026-12-09T17:05:00.000Z';
const task = {
  id: 't',
  Activities: [
    {
      id: 'a2',
      taskID: 't',
      userID: 'u1',
      name: 'Clara Reed',
      text: 'The receipt misses the VAT line',
      kind: 'comment',
      createdAt: at,
    },
    {
      id: 'a1',
      taskID: 't',
      userID: 'u1',
      name: 'Clara Reed',
      text: 'Requested changes: back to In Progress',
      kind: 'system',
      createdAt: at,
    },
  ],
} as unknown as Task;

describe('TaskComments', () => {
  it("renders the task's system steps apart from comments, so the task tells its history", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TaskComments task={task} canComment={false} />
      </QueryClientProvider>,
    );
    const [comment, step] = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(comment.textContent).toContain('The receipt misses the VAT line');
    expect(within(comment).queryByTitle('Task history')).toBeNull();
    expect(step.dataset.kind).toBe('system');
    expect(within(step).getByTitle('Task history')).toBeTruthy();
    expect(step.textContent).toContain('Requested changes: back to In Progress');
    expect(step.textContent).toContain('Clara Reed');
  });

  it('dates each line the one way of DESIGN §13 ("9 Dec 2026, 18:05"), never "12/9/2026" or "x ago"', () => {
    setDisplayTimeZone('Europe/Berlin');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TaskComments task={task} canComment={false} />
      </QueryClientProvider>,
    );
    const times = within(screen.getByRole('list', { name: 'Comments' })).getAllByText('9 Dec 2026, 18:05');
    expect(times).toHaveLength(2);
    expect(times[0].getAttribute('datetime')).toBe(at);
  });
});

afterEach(() => setDisplayTimeZone(null));
