import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, micros, tstz } from './columns';
import { transactions } from './money';
import { users } from './users';

/**
 * Chain rails (DESIGN §12). One deposit index per user: ETH/USDT at m/44'/60'/0'/0/n from DEPOSIT_XPUB,
 * BTC at m/84'/0'/0'/0/n from BTC_XPUB; the numbering is the database's, so every instance agrees.
 */
export const chainAddresses = pgTable(
  'chain_addresses',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    n: integer('n').notNull(),
    /**
     * The ETH/USDT address (lower case, so logs and transactions compare as text); null until the
     * evm provider is configured (a BTC_XPUB-only deployment numbers users too).
     */
    address: text('address'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chain_addresses_n_key').on(t.n), uniqueIndex('chain_addresses_address_key').on(t.address)],
);

/** The watcher's position: the last block it processed (one row per chain id). */
export const chainCursor = pgTable('chain_cursor', {
  chainId: integer('chain_id').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Hashes of recently processed blocks: a different hash at the same height is a reorganisation. */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    chainId: integer('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('chain_blocks_key').on(t.chainId, t.blockNumber)],
);

/**
 * Money seen arriving at a user's address: native ETH (logIndex -1) or a USDT Transfer log.
 * Credited once per txHash:logIndex (the unique index); a transfer a reorganisation removed is
 * marked `removed` and never credited.
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    chainId: integer('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    currency: text('currency', { enum: ['ETH', 'USDT'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    toAddress: text('to_address').notNull(),
    /** In the token's units: wei for ETH, 10^-6 for USDT. */
    value: numeric('value', { precision: 78, scale: 0 }).notNull(),
    status: text('status', { enum: ['seen', 'credited', 'removed'] })
      .notNull()
      .default('seen'),
    /** The deposit it shows on while seen, and the one it was credited to. */
    transactionId: uuid('transaction_id').references(() => transactions.id),
    creditedAmount: micros('credited_amount'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chain_transfers_key').on(t.txHash, t.logIndex),
    index('chain_transfers_open_idx').on(t.status, t.blockNumber),
  ],
);

/**
 * One row per withdrawal paid on the chain. The signed transaction and its nonce are written
 * before it is broadcast, so a crash between signing and recording neither loses the payout
 * (the job rebroadcasts the same bytes) nor sends it twice (same nonce, same hash).
 */
export const chainPayouts = pgTable(
  'chain_payouts',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id),
    /** waiting: the hot wallet cannot cover it yet; signed: written, maybe broadcast; then confirmed or failed. */
    status: text('status', { enum: ['waiting', 'signed', 'confirmed', 'failed'] }).notNull(),
    /** The hot wallet that signed it (lower case); nonces are unique per sender. */
    fromAddress: text('from_address'),
    nonce: integer('nonce'),
    rawTx: text('raw_tx'),
    txHash: text('tx_hash'),
    /** What the payout sends, in the token's units (wei or 10^-6 USDT). */
    value: numeric('value', { precision: 78, scale: 0 }),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chain_payouts_nonce_key').on(t.fromAddress, t.nonce).where(sql`${t.nonce} is not null`),
    index('chain_payouts_status_idx').on(t.status),
  ],
);
