import { notificationsButtonLabel } from '@devmarket/contract/constants';
import { describe, expect, it } from 'vitest';

describe('the notification list', () => {
  it('names the bell with its unread count', () => {
    expect(notificationsButtonLabel(0)).toBe('Notifications');
    expect(notificationsButtonLabel(3)).toBe('Notifications (3 unread)');
  });
});
