import { bigint, date, type PgColumn, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The column kinds every table writes the same way, so a money column, a day or an instant means one
 * thing in every table (docs/architecture.md "Money and time").
 */

/** The UUIDv7 primary key every row has. */
export const id = () => uuid('id').primaryKey();

/** Money: integer centavos, read as a JS number (well inside 2^53 at a lender's scale). */
export const cents = (name: string) => bigint(name, { mode: 'number' });

/** A calendar day (`YYYY-MM-DD`), read as the string the API sends. */
export const day = (name: string) => date(name, { mode: 'string' });

/** An instant in UTC. */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdOn = () => instant('created_on').notNull().defaultNow();

/** When the row last changed; the services set it on every update. */
export const updatedOn = () => instant('updated_on').notNull().defaultNow();

/** A required link to the row that owns this one. */
export const owner = (name: string, target: () => PgColumn) => uuid(name).notNull().references(target);
