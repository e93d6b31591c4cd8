import type { User } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { toUserDto } from './mapping.ts';

/**
 * Raises the user's token version inside `tx`, with any other changes to their row (a new password),
 * so every token issued to them so far is refused (401) on its next request on every server. Undefined
 * when there is no such user.
 */
export async function endSessions(
  tx: DbOrTx,
  userId: string,
  alsoSet: Pick<PgUpdateSetSource<typeof users>, 'passwordHash' | 'updatedOn'> = {},
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ ...alsoSet, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * 'Cerrar sesiones': every token of the user ends; they keep their password and sign in again. Audited.
 */
export async function revokeSessions(db: AppDb, actorId: string, userId: string): Promise<User> {
  return db.transaction(async (tx) => {
    const row = await endSessions(tx, userId);
    if (!row) throw refuse('user.not_found');
    await writeAudit(tx, { actorId, entity: 'user', entityId: userId, action: 'sessions_revoked' });
    return toUserDto(row);
  });
}
