import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdOn, id } from './columns.ts';

/**
 * Replies of writes sent with an `Idempotency-Key` header (modules/payments/idempotency.ts): a repeat
 * with the same key and the same request gets the stored reply instead of running again, so a double
 * click or a retry after a lost reply never records a second payment nor reads as a failure. The row is
 * written in the transaction of the write it answers, so a key never outlives a rolled-back write.
 * `scope` names the route and the actor, so two users' keys never meet. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 (hex) of what the request asked for: a different request with the same key is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Filled before the transaction commits; null only while the first request is running. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdOn: createdOn(),
  },
  (table) => [
    unique('idempotency_keys_scope_key').on(table.scope, table.key),
    index('idempotency_keys_created_on').on(table.createdOn),
    check('idempotency_keys_key_format', sql`${table.key} ~ '^[A-Za-z0-9_-]{8,100}$'`),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
