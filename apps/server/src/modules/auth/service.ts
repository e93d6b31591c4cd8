import type { LoginRequest } from '@prestaya/contracts';
import { eq, getTableColumns, lt, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { canSignIn } from '../../access/users.ts';
import { sessionEnd, toSeconds } from '../../credentials/sessions.ts';
import type { AppDb } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { signedOutSessions } from '../../db/schema/signed-out-sessions.ts';
import { users } from '../../db/schema/users.ts';
import { writeAudit } from '../../db/write-audit.ts';
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
  return toSessionUser(row, toSeconds(now()), uuidv7());
}

/**
 * Every authenticated request runs this query, so it is a prepared statement built once per database
 * handle: drizzle otherwise renders the SQL text again on each call (a measurable share of a request's
 * CPU, bench/api.ts) and PostgreSQL can reuse its plan. It still reads the row every time.
 */
const sessionUserQuery = preparedPerDatabase((db) =>
  db
    .select({
      ...getTableColumns(users),
      signedOut: sql<boolean>`exists (select 1 from ${signedOutSessions} where ${signedOutSessions.sessionId} = ${sql.placeholder('sid')})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_user'),
);

/**
 * By primary key, no cache: a cancelled user, a token issued before the user's token version was
 * raised, or a token of a signed-out session is refused on the next request on every server — checked
 * in the one query every request runs anyway.
 */
export async function loadSessionUser(db: AppDb, claims: SessionClaims): Promise<SessionUser> {
  const [found] = await sessionUserQuery(db).execute({ id: claims.userId, sid: claims.sessionId });
  if (!found) throw refuse('session.invalid');
  const { signedOut, ...row } = found;
  const sessionUser = sessionUserOf(row, claims, signedOut);
  if (!sessionUser) throw refuse('session.invalid');
  return sessionUser;
}

/**
 * 'Cerrar Sesión': the session of the token sent ends on every server (its `sid` is listed until the
 * session would have ended anyway); the user's other sessions go on. Rows of sessions past their end
 * are deleted on the way. Audited.
 */
export async function signOut(db: AppDb, user: SessionUser): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(signedOutSessions).where(lt(signedOutSessions.expiresAt, sql`now()`));
    await tx
      .insert(signedOutSessions)
      .values({
        sessionId: user.sessionId,
        userId: user.id,
        expiresAt: new Date(sessionEnd(user.signedInAt) * 1000),
      })
      .onConflictDoNothing();
    await writeAudit(tx, { actorId: user.id, entity: 'user', entityId: user.id, action: 'signed_out' });
  });
}
