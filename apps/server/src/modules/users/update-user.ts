import type { User, userUpdate, z } from '@prestaya/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { endsSessions, isActiveAdmin, selfUpdateViolation } from '../../access/users.ts';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { ADVISORY_LOCKS } from '../../db/locks.ts';
import { users } from '../../db/schema/users.ts';
import { updateAudited } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { hashSecret } from '../auth/secrets.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { toAuditSnapshot, toUserDto } from './mapping.ts';
import { AUDIT_ENTITY, translateDuplicate, usernameTaken } from './queries.ts';

export type UserChanges = z.output<typeof userUpdate>;

/**
 * Refuses a change that would leave no active administrator. The advisory lock serialises such
 * changes, so two administrators cancelling each other at the same moment cannot both succeed.
 */
async function ensureAnotherActiveAdmin(tx: DbOrTx, exceptUserId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.activeAdmins})`);
  const others = await tx.$count(
    users,
    and(ne(users.id, exceptUserId), ne(users.status, 'CANCELLED'), sql`'ROLE_ADMIN' = any(${users.roles})`),
  );
  if (others === 0) throw refuse('user.last_admin');
}

/** Absent password or PIN keeps the current one. */
export async function updateUser(
  db: AppDb,
  actor: SessionUser,
  id: string,
  changes: UserChanges,
): Promise<User> {
  const violation = selfUpdateViolation(actor.id, id, changes);
  if (violation) throw refuse(violation);
  const [passwordHash, pinHash] = await Promise.all([
    changes.password === undefined ? undefined : hashSecret(changes.password),
    changes.pin === undefined ? undefined : hashSecret(changes.pin),
  ]);
  return translateDuplicate(
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!current) throw refuse('user.not_found');
      if (changes.username !== current.username && (await usernameTaken(tx, changes.username)))
        throw refuse('user.duplicate_username');
      if (isActiveAdmin(toUserDto(current)) && !isActiveAdmin(changes))
        await ensureAnotherActiveAdmin(tx, id);
      const sessionsEnded = endsSessions(toUserDto(current).status, changes.status, Boolean(passwordHash));
      const values = {
        name: changes.name,
        lastName: changes.lastName,
        username: changes.username,
        roles: changes.roles,
        status: changes.status,
        ...(passwordHash ? { passwordHash } : {}),
        ...(pinHash ? { pinHash } : {}),
        ...(sessionsEnded ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        updatedOn: sql`now()`,
      };
      const row = await updateAudited(tx, users, eq(users.id, id), values, {
        actorId: actor.id,
        entity: AUDIT_ENTITY,
        entityId: id,
        before: current,
        snapshot: toAuditSnapshot,
        alsoAfter: { passwordChanged: Boolean(passwordHash), pinChanged: Boolean(pinHash), sessionsEnded },
      });
      if (!row) throw refuse('user.not_found');
      return toUserDto(row);
    }),
  );
}
