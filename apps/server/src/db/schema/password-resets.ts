import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';
import { users } from './users.ts';

/**
 * One-time password reset links an administrator generates for a user (modules/users/password-reset.ts).
 * Only the SHA-256 of the link's token is kept, so this table (a backup, a log of the database) cannot
 * open any link. A link works while `used_on` is null and `expires_on` is ahead; generating a new one
 * ends the user's earlier unused links by moving their `expires_on` to that moment. Rows are history:
 * never deleted.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: column.id(),
    userId: column.owner('user_id', () => users.id),
    /** base64url SHA-256 of the token (43 characters). */
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: column.owner('created_by', () => users.id),
    createdOn: column.createdOn(),
    expiresOn: column.instant('expires_on').notNull(),
    usedOn: column.instant('used_on'),
  },
  (table) => [
    index('password_resets_user_id').on(table.userId),
    check('password_resets_token_hash_format', sql`${table.tokenHash} ~ '^[A-Za-z0-9_-]{43}$'`),
  ],
);

export type PasswordResetRow = typeof passwordResets.$inferSelect;
