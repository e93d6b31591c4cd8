import { ROLES, USER_STATUSES } from '@prestaya/contracts';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sqlLiterals } from '../literals.ts';
import * as column from './columns.ts';

/**
 * A staff name as it sorts: lower case without accents ('Úrsula' beside 'ursula'). `unaccent_lower` is
 * an immutable wrapper of unaccent() with its dictionary bound when the function was created (migration
 * 0024), so unlike unaccent() itself it can be indexed: users_name_order_idx serves this order.
 */
export function staffSortKey(name: SQLWrapper): SQL {
  return sql`unaccent_lower(${name})`;
}

/**
 * Staff accounts. `num` is the short human number agents type when authorising a public payment
 * (docs/architecture.md "Identifiers"); an identity column so `TRUNCATE … RESTART IDENTITY` resets it too.
 * `pin_hash` is nullable: the administrator created from ADMIN_USERNAME/ADMIN_PASSWORD has no PIN
 * until one is set, and a user without a PIN cannot authorise public payments.
 * `token_version` is copied into every session token; raising it (password change, cancel, reactivate,
 * 'Cerrar sesiones') refuses every token issued before, on every server, with no extra query.
 */
export const users = pgTable(
  'users',
  {
    id: column.id(),
    num: integer('num').notNull().unique().generatedAlwaysAsIdentity({ startWith: 1001 }),
    name: text('name').notNull(),
    lastName: text('last_name').notNull(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    pinHash: text('pin_hash'),
    roles: text('roles', { enum: ROLES }).array().notNull(),
    status: text('status', { enum: USER_STATUSES }).notNull().default('A'),
    tokenVersion: integer('token_version').notNull().default(0),
    createdOn: column.createdOn(),
    updatedOn: column.updatedOn(),
  },
  (table) => [
    check('users_username_lowercase', sql`${table.username} = lower(${table.username})`),
    check('users_status_valid', sql`${table.status} in (${sqlLiterals(USER_STATUSES)})`),
    check(
      'users_roles_valid',
      sql`cardinality(${table.roles}) > 0 and ${table.roles} <@ array[${sqlLiterals(ROLES)}]::text[]`,
    ),
    // The staff pickers' first page (modules/agents) and the users list by name read their rows off it
    // in order, stopping at the page's end, whatever the number of staff.
    index('users_name_order_idx').on(staffSortKey(table.name), staffSortKey(table.lastName), table.num),
  ],
);

export type UserRow = typeof users.$inferSelect;
