import type { PasswordResetDone, PasswordResetStatus } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import { isResetLinkUsable } from '../../credentials/password-reset.ts';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/password-resets.ts';
import { users } from '../../db/schema/users.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { endSessions } from '../users/revoke-sessions.ts';
import { hashResetToken } from './reset-tokens.ts';
import { hashSecret } from './secrets.ts';

/**
 * The public side of a password reset link (modules/users/password-reset.ts generates it): what the
 * link opens, and setting the new password through it. Every link that does not open — unknown,
 * malformed, used, expired, or of a user cancelled since — gets the same 404.
 */

const linkColumns = {
  id: passwordResets.id,
  userId: passwordResets.userId,
  usedOn: passwordResets.usedOn,
  expiresOn: passwordResets.expiresOn,
  name: users.name,
  lastName: users.lastName,
  username: users.username,
  status: users.status,
};

/**
 * The link of `token` (well-formed: the route's params say so) with its user, read under `lock` when
 * given; refused unless it opens now.
 */
async function usableLink(db: DbOrTx, token: string, now: Date, lock = false) {
  const query = db
    .select(linkColumns)
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, hashResetToken(token)));
  const [link] = lock ? await query.for('update') : await query;
  if (!link || !isResetLinkUsable(link, link.status, now)) throw refuse('password_reset.invalid_link');
  return link;
}

/** `GET /auth/password-reset/{token}`: whose password the link resets and until when. */
export async function describeResetLink(db: AppDb, token: string, now: Date): Promise<PasswordResetStatus> {
  const { name, lastName, username, expiresOn } = await usableLink(db, token, now);
  return { name, lastName, username, expiresOn: expiresOn.toISOString() };
}

/**
 * Sets the new password and uses the link up, in one transaction that also ends every session of the
 * user. The link is checked before the slow Argon2 hash (a dead link costs none), then again on the
 * locked rows: the user's row first, as generating a link locks it, then the link's. Of two concurrent
 * submissions the second waits on those locks and then finds the link used: a 404, one password set.
 */
export async function resetPassword(
  db: AppDb,
  token: string,
  password: string,
  now: Date,
): Promise<PasswordResetDone> {
  const { userId } = await usableLink(db, token, now);
  const passwordHash = await hashSecret(password);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const link = await usableLink(tx, token, now, true);
    await tx.update(passwordResets).set({ usedOn: now }).where(eq(passwordResets.id, link.id));
    await endSessions(tx, link.userId, { passwordHash, updatedOn: sql`now()` });
    await writeAudit(tx, {
      actorId: link.userId,
      entity: 'user',
      entityId: link.userId,
      action: 'password_reset_link_used',
      after: { passwordChanged: true, sessionsEnded: true },
    });
    return { username: link.username };
  });
}
