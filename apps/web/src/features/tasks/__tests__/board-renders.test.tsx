import type { RealtimeEvent } from '@devmarket/contract';
import { act, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProject, makeTask } from '../../../testing/fixtures';
import { makeMe, renderApp } from '../../../testing/render-app';

/**
 * Who renders when one task changes (issue 33.2). dnd-kit's hooks stand in as render counters:
 * every board render builds its sensors (useSensors), every column render calls useDroppable with
 * the column's name, every card render calls useDraggable with the task's id.
 */
const renders = vi.hoisted(() => ({ board: 0, columns: [] as string[], cards: [] as string[] }));
vi.mock('@dnd-kit/core', async (importOriginal) => {
  const dnd = await importOriginal<typeof import('@dnd-kit/core')>();
  return {
    ...dnd,
    useSensors: ((...sensors) => {
      renders.board++;
      return dnd.useSensors(...sensors);
    }) satisfies typeof dnd.useSensors,
    useDroppable: ((args) => {
      renders.columns.push(String(args.id));
      return dnd.useDroppable(args);
    }) satisfies typeof dnd.useDroppable,
    useDraggable: ((args) => {
      renders.cards.push(String(args.id));
      return dnd.useDraggable(args);
    }) satisfies typeof dnd.useDraggable,
  };
});

/** The server's event stream, driven by the test: each listener of a type gets what `push` sends. */
const stream = vi.hoisted(() => ({ listeners: new Map<string, Set<(e: unknown) => void>>() }));
vi.mock('../../../lib/realtime', async (importOriginal) => {
  const { useEffect, useRef } = await import('react');
  const actual = await importOriginal<typeof import('../../../lib/realtime')>();
  return {
    ...actual,
    useRealtimeEvent: (type: string, handler: (e: unknown) => void, enabled = true) => {
      const ref = useRef(handler);
      ref.current = handler;
      useEffect(() => {
        if (!enabled) return;
        const h = (e: unknown) => ref.current(e);
        const set = stream.listeners.get(type) ?? new Set();
        stream.listeners.set(type, set);
        set.add(h);
        return () => void set.delete(h);
      }, [type, enabled]);
    },
  };
});
const push = (event: RealtimeEvent) => {
  for (const h of stream.listeners.get(event.type) ?? []) h(event);
};

const owner = makeMe({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', firstName: 'Olive' });
const dev = makeMe({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', type: 'Developer', firstName: 'Dev' });
const project = makeProject(owner, [dev]);
const tasks = [
  makeTask(project, 1, { assignee: dev, summary: 'Write the spec' }),
  makeTask(project, 2, { assignee: dev, summary: 'Build the API' }),
  makeTask(project, 3, { assignee: dev, stage: 'In Progress', summary: 'Style the app' }),
  makeTask(project, 4, { assignee: dev, stage: 'In Progress', summary: 'Test the app' }),
  makeTask(project, 5, { assignee: dev, stage: 'Review', summary: 'Ship it' }),
];

describe('the board re-renders only what changed', () => {
  beforeAll(() => import('../../../app/routes/workspace'), 60_000);
  beforeEach(() => {
    localStorage.clear();
    stream.listeners.clear();
  });

  it('a realtime update of one task re-renders that card and its column, not the board or the other columns', async () => {
    renderApp(`/project/${project.handle}`, {
      user: owner,
      api: { 'GET /projects/:handle': () => project, 'GET /project/:id/tasks': () => tasks },
    });
    expect(await screen.findByText('Ship it')).toBeTruthy();
    expect(screen.getByText('Style the app')).toBeTruthy();

    renders.board = 0;
    renders.columns = [];
    renders.cards = [];
    const changed = { ...tasks[2], summary: 'Style the app in dark mode' };
    act(() => push({ type: 'task', data: { projectID: project.id, task: changed } }));
    expect(await screen.findByText('Style the app in dark mode')).toBeTruthy();

    expect(renders.board).toBe(0);
    expect(new Set(renders.columns)).toEqual(new Set(['In Progress']));
    expect(new Set(renders.cards)).toEqual(new Set([changed.id]));
  });
});

describe('the workspace asks for what it shows once', () => {
  beforeAll(() => import('../../../app/routes/workspace'), 60_000);

  it('the project the route prefetches is the one the page reads (one GET /projects/{handle})', async () => {
    const { api } = renderApp(`/project/${project.handle}`, {
      user: owner,
      api: { 'GET /projects/:handle': () => project, 'GET /project/:id/tasks': () => tasks },
    });
    expect(await screen.findByText('Ship it')).toBeTruthy();
    // By path: GET /projects/my matches the /projects/:handle pattern too.
    const asked = api.calls.map((c) => `${c.method} ${c.path}`);
    expect(asked.filter((c) => c === `GET /projects/${project.handle}`)).toHaveLength(1);
    expect(asked.filter((c) => c === `GET /project/${project.id}/tasks`)).toHaveLength(1);
  });
});
