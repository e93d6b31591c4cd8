import type { LoginRequest } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import { canSignIn } from '../../access/users.ts';
import { toSeconds } from '../../credentials/sessions.ts';
import type { AppDb } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { users } from '../../db/schema/users.ts';
import { refuse } from '../../http/refusals.ts';
import { verifyAgainstDummy, verifySecret } from './secrets.ts';
import {
  type SessionClaims,
  type SessionUser,
  sessionUserOf,
  statusOf,
  toSessionUser,
} from './session-user.ts';

/**
 * Unknown user, wrong password and cancelled user all get the same 401 and take the same time
 * (one Argon2 verification each), so the reply reveals nothing about which accounts exist.
 */
export async function login(db: AppDb, credentials: LoginRequest, now: () => Date): Promise<SessionUser> {
  const [row] = await db.select().from(users).where(eq(users.username, credentials.username)).limit(1);
  const passwordOk = row
    ? await verifySecret(row.passwordHash, credentials.password)
    : await verifyAgainstDummy(credentials.password);
  if (!row || !passwordOk || !canSignIn(statusOf(row))) throw refuse('auth.login_failed');
  // Read after the slow hash, so the sign-in time is the second the token is issued in (auth_time = iat).
  return toSessionUser(row, toSeconds(now()));
}

/**
 * Every authenticated request runs this query, so it is a prepared statement built once per database
 * handle: drizzle otherwise renders the SQL text again on each call (a measurable share of a request's
 * CPU, bench/api.ts) and PostgreSQL can reuse its plan. It still reads the row every time.
 */
const sessionUserQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_user'),
);

/**
 * By primary key, no cache: a cancelled user, or a token issued before the user's token version was
 * raised, is refused on the next request on every server — checked on the row this query reads anyway.
 */
export async function loadSessionUser(db: AppDb, claims: SessionClaims): Promise<SessionUser> {
  const [row] = await sessionUserQuery(db).execute({ id: claims.userId });
  const sessionUser = sessionUserOf(row, claims);
  if (!sessionUser) throw refuse('session.invalid');
  return sessionUser;
}
