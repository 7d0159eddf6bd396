import type { Tx } from '../../db/client';
import { webhookEvents } from '../../db/schema/index';

export const webhookEventsRepo = {
  /** Records a provider's event once; false when it was already recorded (a replay). */
  async recordOnce(tx: Tx, provider: string, eventId: string): Promise<boolean> {
    const rows = await tx
      .insert(webhookEvents)
      .values({ provider, eventId })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    return rows.length > 0;
  },
};
