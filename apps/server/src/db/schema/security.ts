import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns';
import { users } from './users';

/**
 * DESIGN §14: a user's account-security state, one row once they touch any of it. The TOTP secret
 * is kept encrypted (AES-256-GCM under a key derived from SECRET) and never leaves the server
 * after setup. `totpEnabledAt` null with a secret: a setup not yet confirmed.
 */
export const userSecurity = pgTable('user_security', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totpSecret: text('totp_secret'),
  totpEnabledAt: tstz('totp_enabled_at'),
  /** The last 30-second time step whose code was accepted: a code is accepted once. */
  totpLastStep: integer('totp_last_step'),
  withdrawalAllowListOnly: boolean('withdrawal_allow_list_only').notNull().default(false),
  /** After a password reset by link or turning two-step verification off (SECURITY_HOLD_HOURS). */
  withdrawalsPausedUntil: tstz('withdrawals_paused_until'),
});

/** Ten single-use recovery codes per enabling, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** The second step of a sign-in: a ticket (stored hashed) lives 5 minutes and 5 wrong codes. */
export const loginTickets = pgTable(
  'login_tickets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    failures: integer('failures').notNull().default(0),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('login_tickets_token_key').on(t.tokenHash), index('login_tickets_user_idx').on(t.userId)],
);

/** The withdrawal address book; an address is usable from `usableAt` (the cooldown). */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: ['BTC', 'ETH', 'USDT'] }).notNull(),
    address: text('address').notNull(),
    label: text('label').notNull().default(''),
    usableAt: tstz('usable_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('withdrawal_addresses_user_address_key').on(t.userId, t.currency, t.address),
    index('withdrawal_addresses_user_idx').on(t.userId, sql`${t.createdAt} desc`),
  ],
);
