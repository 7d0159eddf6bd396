import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client';
import { createEventBus } from '../../../src/modules/realtime/event-bus';

/** DESIGN §9: an event that cannot be published (connection lost) never fails the committed action. */
describe('publishing an event after commit', () => {
  it('resolves and warns when the database connection is gone', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    // The bus sends its NOTIFY as a prepared statement through the session's client (db/raw.ts).
    const gone = async () => Promise.reject(lost);
    const database = {
      db: { execute: gone, session: { client: { query: gone } } },
    } as unknown as Database;
    const warnings: unknown[] = [];
    const bus = createEventBus(database, { warn: (...args: unknown[]) => warnings.push(args) } as never);
    await expect(bus.publish({ type: 'message', userIds: ['u1'], data: { id: 'm1' } })).resolves.toBeUndefined();
    expect(JSON.stringify(warnings)).toContain('Connection terminated unexpectedly');
  });
});
