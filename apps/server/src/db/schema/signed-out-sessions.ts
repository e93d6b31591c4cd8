import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Sessions ended with 'Cerrar Sesión' (POST /api/v1/auth/logout). Every token of a session carries its
 * `sid` claim; a token whose session is listed here is refused on every server, while the user's other
 * sessions (another device) go on. A row is needed only until the session would have ended anyway
 * (`expires_at`, sign-in + 7 days); later logouts delete the expired rows.
 */
export const signedOutSessions = pgTable(
  'signed_out_sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('signed_out_sessions_expires_idx').on(table.expiresAt)],
);
