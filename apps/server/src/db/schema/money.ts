import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, micros, tstz } from './columns';
import { projects } from './projects';
import { tasks } from './tasks';
import { users } from './users';

/**
 * Double-entry ledger (DESIGN §4). Every balance change is one journal with entries summing to
 * zero; `balance` on an account is a cache updated in the same database transaction.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** user_available, user_held, platform, provider:<name> */
    kind: text('kind').notNull(),
    balance: micros('balance').notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_kind_key').on(t.userId, t.kind),
    uniqueIndex('ledger_accounts_system_kind_key').on(t.kind).where(sql`${t.userId} is null`),
  ],
);

/** A user-visible money movement (spec §3 Transaction). */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type', { enum: ['Deposit', 'Withdrawal', 'Payment-Out', 'Payment-In'] }).notNull(),
    status: text('status', { enum: ['Pending', 'Complete', 'Failed', 'Cancelled'] }).notNull(),
    currency: text('currency', { enum: ['BTC', 'ETH', 'USDT'] }).notNull(),
    amount: micros('amount').notNull(),
    address: text('address'),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    expiresAt: tstz('expires_at'),
    failureReason: text('failure_reason'),
    /** What the money was for, written with the row so it stays readable after a project is deleted. */
    description: text('description').notNull().default(''),
    /** The other side of a task payment (DESIGN §8). */
    counterpartyId: uuid('counterparty_id').references(() => users.id, { onDelete: 'set null' }),
    /** Chain rails (§12): confirmations of the transfer seen or the payout sent, of how many needed. */
    confirmations: integer('confirmations'),
    confirmationsRequired: integer('confirmations_required'),
    /** The on-chain transaction that paid it (a chain payout, or the transfer a deposit was credited from). */
    txHash: text('tx_hash'),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    index('transactions_user_idx').on(t.userId, t.createdAt, t.id),
    index('transactions_status_idx').on(t.status, t.createdAt),
    // One pending transaction per user (spec §4), enforced by the database under concurrency.
    uniqueIndex('transactions_one_pending_key').on(t.userId).where(sql`${t.status} = 'Pending'`),
    // When a task was paid (reviews, DESIGN §11): its Payment-In rows.
    index('transactions_task_idx').on(t.taskId).where(sql`${t.taskId} is not null`),
  ],
);

export const journals = pgTable(
  'journals',
  {
    id: id(),
    kind: text('kind').notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** Makes a movement happen at most once (e.g. 'task-pay:<taskId>'). */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('journals_idempotency_key').on(t.idempotencyKey)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => journals.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: micros('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt),
    index('ledger_entries_journal_idx').on(t.journalId),
    check('ledger_entries_nonzero', sql`${t.amount} <> 0`),
  ],
);

/** Escrow on a priced, assigned task: held from the owner until completion or release. */
export const escrowHolds = pgTable(
  'escrow_holds',
  {
    // A hold cannot outlive its task (DESIGN §8): deleting a task with any hold row fails, so a
    // project is deleted only after its settled holds are cleared and while none is held.
    taskId: uuid('task_id')
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'restrict' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    amount: micros('amount').notNull(),
    status: text('status', { enum: ['held', 'paid', 'released'] })
      .notNull()
      .default('held'),
    createdAt: createdAt(),
    settledAt: tstz('settled_at'),
  },
  (t) => [index('escrow_holds_owner_idx').on(t.ownerId, t.status)],
);

/** Provider callbacks already processed, for idempotency. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(1),
  },
  (t) => [uniqueIndex('webhook_events_key').on(t.provider, t.eventId)],
);
