import { sql } from 'drizzle-orm';
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Money as integers of micro-USDT (DESIGN §3: exact, never floating point). */
export const micros = customType<{ data: bigint; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: (v) => BigInt(v),
  toDriver: (v) => v.toString(),
});

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** `to_tsvector` over concatenated columns; immutable, so usable in a generated column. */
export const searchVector = (...parts: string[]) =>
  sql.raw(`to_tsvector('english', ${parts.map((p) => `coalesce(${p}, '')`).join(" || ' ' || ")})`);

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
