import type { Task } from '@devmarket/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TaskComments } from './task-comments';

const at = new Date().toISOString();
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
});
