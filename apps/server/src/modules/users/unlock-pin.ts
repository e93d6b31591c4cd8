import type { PinLock, PinUnlockResult } from '@prestaya/contracts';
import { EVERYWHERE } from '@prestaya/domain';
import { eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { activeLocks, removeCounters } from '../public/pin-lockouts.ts';

/**
 * What administrators see and do about PIN lockouts (docs/architecture.md "People and access"; the rule is
 * modules/public/pin-lockouts.ts): the users whose PIN is locked now, and unlocking one.
 */

/** Users with a lock in force at `at` (numbers that belong to nobody are left out), by number. */
export async function listPinLocks(db: AppDb, at: Date): Promise<PinLock[]> {
  const locks = await activeLocks(db, at);
  if (locks.length === 0) return [];
  const people = await db
    .select({ id: users.id, num: users.num, name: users.name, lastName: users.lastName })
    .from(users)
    .where(
      inArray(
        users.num,
        locks.map((lock) => lock.userNum),
      ),
    );
  const byNum = new Map(people.map((person) => [person.num, person]));
  return locks.flatMap((lock) => {
    const person = byNum.get(lock.userNum);
    if (!person) return [];
    return [
      {
        userId: person.id,
        num: person.num,
        name: person.name,
        lastName: person.lastName,
        lockedUntil: lock.lockedUntil.toISOString(),
        everywhere: lock.everywhere,
        addresses: lock.addresses,
      },
    ];
  });
}

/**
 * Forgets every lock and wrong-PIN count of the user's number, from every address. Audited (who, when,
 * which locks) when there was anything to forget; an unknown user is 404.
 */
export async function unlockPin(
  db: AppDb,
  actorId: string,
  userId: string,
  at: Date,
): Promise<PinUnlockResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ num: users.num }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw refuse('user.not_found');
    const removed = await removeCounters(tx, user.num);
    const locks = removed.filter(
      (row) => row.lockedUntil !== null && row.lockedUntil.getTime() > at.getTime(),
    );
    if (removed.length > 0) {
      const everywhere = removed.find((row) => row.scope === EVERYWHERE);
      await writeAudit(tx, {
        actorId,
        entity: 'user',
        entityId: userId,
        action: 'pin_unlocked',
        before: {
          num: user.num,
          lockedEverywhere: locks.some((row) => row.scope === EVERYWHERE),
          lockedAddresses: locks.filter((row) => row.scope !== EVERYWHERE).length,
          failedAttempts: everywhere?.failedCount ?? 0,
        },
      });
    }
    return { userId, num: user.num, wasLocked: locks.length > 0 };
  });
}
