import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client';
import { createEventBus } from '../../../src/modules/realtime/event-bus';

/** DESIGN §9: an event that cannot be published (connection lost) never fails the committed action. */
describe('publishing an event after commit', () => {
  it('resolves and warns when the database connection is gone', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    const database = {
      db: { execute: async () => Promise.reject(lost) },
    } as unknown as Database;
    const warnings: unknown[] = [];
    const bus = createEventBus(database, { warn: (...args: unknown[]) => warnings.push(args) } as never);
    await expect(bus.publish({ type: 'message', userIds: ['u1'], data: { id: 'm1' } })).resolves.toBeUndefined();
    expect(JSON.stringify(warnings)).toContain('Connection terminated unexpectedly');
  });
});
