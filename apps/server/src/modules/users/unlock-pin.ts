import { type PinBurst, type PinLock, type PinUnlockResult, pinBurst } from '@prestaya/contracts';
import { EVERYWHERE, PIN_BURST } from '@prestaya/domain';
import { and, eq, gt, inArray, or } from 'drizzle-orm';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { activeLocks, removeCounters } from '../public/pin-lockouts.ts';

/**
 * What administrators see and do about PIN lockouts (docs/architecture.md "People and access"; the rule is
 * modules/public/pin-lockouts.ts): the users whose PIN is locked now, and unlocking one.
 */

/** The audit entries that start and end a burst report. */
const BURST_ACTIONS = ['pin_burst', 'pin_unlocked'];

/**
 * The burst of wrong PINs reported in the last day for each user (of `userIds`, or every user), unless
 * an administrator has unlocked the PIN since: read off the audit trail, where recordFailure wrote it.
 */
export async function recentPinBursts(
  db: DbOrTx,
  at: Date,
  userIds?: string[],
): Promise<Map<string, PinBurst>> {
  if (userIds?.length === 0) return new Map();
  const rows = await db
    .select({ userId: auditLog.entityId, action: auditLog.action, after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'user'),
        inArray(auditLog.action, BURST_ACTIONS),
        gt(auditLog.at, new Date(at.getTime() - PIN_BURST.shownMs)),
        userIds ? inArray(auditLog.entityId, userIds) : undefined,
      ),
    )
    .orderBy(auditLog.at, auditLog.id);
  const bursts = new Map<string, PinBurst>();
  for (const row of rows) {
    const burst = row.action === 'pin_burst' ? pinBurst.safeParse(row.after) : undefined;
    if (burst?.success) bursts.set(row.userId, burst.data);
    else bursts.delete(row.userId);
  }
  return bursts;
}

/** Users with a lock in force at `at` or a burst reported in the last day, by number. */
export async function listPinLocks(db: AppDb, at: Date): Promise<PinLock[]> {
  const [locks, bursts] = await Promise.all([activeLocks(db, at), recentPinBursts(db, at)]);
  if (locks.length === 0 && bursts.size === 0) return [];
  const people = await db
    .select({ id: users.id, num: users.num, name: users.name, lastName: users.lastName })
    .from(users)
    .where(
      or(
        inArray(
          users.num,
          locks.map((lock) => lock.userNum),
        ),
        inArray(users.id, [...bursts.keys()]),
      ),
    )
    .orderBy(users.num);
  const lockOf = new Map(locks.map((lock) => [lock.userNum, lock]));
  return people.flatMap((person) => {
    const lock = lockOf.get(person.num);
    const burst = bursts.get(person.id) ?? null;
    if (!lock && !burst) return [];
    return [
      {
        userId: person.id,
        num: person.num,
        name: person.name,
        lastName: person.lastName,
        lockedUntil: lock ? lock.lockedUntil.toISOString() : null,
        loans: lock?.loans ?? 0,
        addresses: lock?.addresses ?? 0,
        burst,
      },
    ];
  });
}

/**
 * Forgets every lock and wrong-PIN count of the user's number, from every address and loan, and ends
 * the burst report (the 'pin_unlocked' entry after it). Audited (who, when, which locks) when there
 * was anything to forget; an unknown user is 404.
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
    const burst = (await recentPinBursts(tx, at, [userId])).get(userId);
    if (removed.length > 0 || burst) {
      const everywhere = removed.find((row) => row.scope === EVERYWHERE);
      await writeAudit(tx, {
        actorId,
        entity: 'user',
        entityId: userId,
        action: 'pin_unlocked',
        before: {
          num: user.num,
          lockedLoans: locks.filter((row) => row.scope.startsWith('loan:')).length,
          lockedAddresses: locks.filter((row) => row.scope.startsWith('ip:')).length,
          failedAttempts: everywhere?.failedCount ?? 0,
          burst: burst ?? null,
        },
      });
    }
    return { userId, num: user.num, wasLocked: locks.length > 0 };
  });
}
