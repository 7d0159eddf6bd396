import { describe, expect, it } from 'vitest';
import {
  publishedRealtimeEventSchema,
  REALTIME_EVENTS,
  type RealtimeEventData,
  realtimeEventSchema,
} from '../src/realtime';
import type { TaskSummary } from '../src/tasks';

const task: TaskSummary = {
  id: 't1',
  identifier: 'AC-1',
  projectID: 'p1',
  summary: 'Do it',
  assigneeID: null,
  price: '25',
  dueDate: null,
  stage: 'Unassigned',
  position: 'a0',
  Assignee: null,
  reviewDeadline: null,
  dispute: null,
};
const message: RealtimeEventData<'message'>['message'] = {
  id: 'm1',
  threadID: 'th1',
  userID: 'u1',
  text: 'Hi',
  type: 'text',
  projectID: null,
  projectHandle: null,
  projectName: null,
  createdAt: '2026-11-24T10:00:00.000Z',
};

/** One valid sample per event type, as the server publishes them today. */
const valid = [
  { type: 'task', data: { projectID: 'p1', task } },
  { type: 'message', data: { threadID: 'th1', message } },
  { type: 'thread_read', data: { threadID: 'th1' } },
  {
    type: 'notification',
    data: {
      notification: {
        id: 'n1',
        type: 'task.assigned',
        title: 'Acme',
        body: 'You were assigned AC-1',
        link: '/projects/acme/board?task=AC-1',
        createdAt: '2026-11-24T10:00:00.000Z',
        readAt: null,
      },
      unread: 3,
    },
  },
  { type: 'notification', data: { unread: 0, read: 'all' } },
  { type: 'notification', data: { unread: 1, read: ['n1', 'n2'] } },
  { type: 'balance', data: { balance: '10.5', held: '0' } },
  { type: 'transaction', data: { id: 'tx1' } },
  { type: 'project', data: { projectID: 'p1' } },
  { type: 'application', data: { projectID: 'p1', applicationID: 'a1' } },
];

describe('realtime events', () => {
  it('names every type of the union in REALTIME_EVENTS', () => {
    const types = realtimeEventSchema.options.map((o) => o.shape.type.value);
    expect([...types].sort()).toEqual(Object.values(REALTIME_EVENTS).sort());
    expect(new Set(valid.map((e) => e.type))).toEqual(new Set(types));
  });

  it.each(valid)('accepts a $type event as published and as received', (event) => {
    expect(publishedRealtimeEventSchema.safeParse(event).success).toBe(true);
    expect(realtimeEventSchema.safeParse(event).success).toBe(true);
  });

  it('accepts the truncated ids-only form on the stream, never from a publisher', () => {
    const cut = [
      { type: 'task', data: { truncated: true, projectID: 'p1' } },
      { type: 'message', data: { truncated: true, threadID: 'th1' } },
      { type: 'notification', data: { truncated: true, unread: 4 } },
      { type: 'balance', data: { truncated: true } },
    ];
    for (const event of cut) {
      expect(realtimeEventSchema.safeParse(event).success, event.type).toBe(true);
      expect(publishedRealtimeEventSchema.safeParse(event).success, event.type).toBe(false);
    }
    // A truncated form keeps only short scalars: an object in it is not the truncated form.
    expect(realtimeEventSchema.safeParse({ type: 'task', data: { truncated: true, task } }).success).toBe(false);
  });

  it('refuses an unknown type, a missing field, a wrong type of field and a stray field', () => {
    const invalid = [
      { type: 'invite', data: { projectID: 'p1' } },
      { type: 'task', data: { projectID: 'p1' } },
      { type: 'task', data: { projectID: 'p1', task: { ...task, stage: 'Nowhere' } } },
      { type: 'message', data: { message } },
      { type: 'thread_read', data: { threadID: 7 } },
      { type: 'notification', data: { unread: '3', read: 'all' } },
      { type: 'notification', data: { unread: 1, read: 'some' } },
      { type: 'balance', data: { balance: 'ten', held: '0' } },
      { type: 'balance', data: {} },
      { type: 'transaction', data: { id: 'tx1', secret: 'x' } },
      { type: 'project', data: { projectID: 'p1', userIds: ['u1'] } },
      { type: 'application', data: { projectID: 'p1' } },
      { data: { projectID: 'p1' } },
    ];
    for (const event of invalid) {
      expect(realtimeEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(false);
      expect(publishedRealtimeEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(false);
    }
  });

  it('accepts the NOTIFY payload, which also carries the audience', () => {
    const payload = { type: 'project', userIds: ['u1'], data: { projectID: 'p1' } };
    expect(realtimeEventSchema.parse(payload)).toEqual({ type: 'project', data: { projectID: 'p1' } });
  });
});
