import type { Notification } from '@devmarket/contract';
import { notificationsButtonLabel } from '@devmarket/contract/constants';
import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay } from './notification-list';

const n = (id: string, createdAt: Date): Notification => ({
  id,
  type: 'task.assigned',
  title: id,
  body: '',
  link: '/',
  createdAt: createdAt.toISOString(),
  readAt: null,
});

describe('the notification list', () => {
  const now = new Date(2026, 10, 24, 15, 0);
  it('labels days Today, Yesterday, then "23 Nov 2026"', () => {
    expect(dayLabel(new Date(2026, 10, 24, 0, 5).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 23, 23, 59).toISOString(), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 20, 12).toISOString(), now)).toBe('20 Nov 2026');
  });

  it('groups a newest-first list by day, keeping the order', () => {
    const groups = groupByDay(
      [
        n('a', new Date(2026, 10, 24, 14)),
        n('b', new Date(2026, 10, 24, 9)),
        n('c', new Date(2026, 10, 23, 20)),
        n('d', new Date(2026, 9, 1, 8)),
      ],
      now,
    );
    expect(groups.map((g) => [g.day, g.items.map((i) => i.id)])).toEqual([
      ['Today', ['a', 'b']],
      ['Yesterday', ['c']],
      ['1 Oct 2026', ['d']],
    ]);
  });

  it('names the bell with its unread count', () => {
    expect(notificationsButtonLabel(0)).toBe('Notifications');
    expect(notificationsButtonLabel(3)).toBe('Notifications (3 unread)');
  });
});
