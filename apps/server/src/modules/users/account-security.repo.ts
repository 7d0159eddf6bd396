import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userSecurity } from '../../db/schema/index';

/** The account-security row of a user (DESIGN §14; written by auth), as GET /user shows it. */
export const accountSecurityRepo = {
  async find(exec: Executor, userId: string) {
    const [row] = await exec.select().from(userSecurity).where(eq(userSecurity.userId, userId));
    return row ?? null;
  },
};
