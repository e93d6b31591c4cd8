import { EVERYWHERE, type LockoutLimits, PIN_LOCKOUT } from '@prestaya/domain';
import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { pinLockouts } from '../../db/schema/pin-lockouts.ts';
import { writeAudit } from '../../db/write-audit.ts';

/**
 * THE PIN lockout rule (limits in packages/domain/src/pin-lockout.ts), kept in `pin_lockouts`: one counter per
 * (typed user number, client address) and one per number for every address ('*'). A failure updates
 * both with ONE `INSERT … VALUES (address row), ('*' row) ON CONFLICT DO UPDATE … RETURNING`: the CASE
 * expressions below are the rule. PostgreSQL locks each conflicting row and evaluates them on its
 * latest version, so concurrent failures on one or many servers never lose an increment; every
 * statement locks the address row before the '*' row, so two of them cannot deadlock.
 */

export interface LockoutCounter {
  scope: string;
  failedCount: number;
  windowStartedAt: Date;
  lastFailureAt: Date | null;
  lockedUntil: Date | null;
}

export interface FailureOutcome {
  address: LockoutCounter;
  everywhere: LockoutCounter;
  /** The lock now in force for this address (the later of the two), if any. */
  lockedUntil: Date | undefined;
  /** This very failure locked the number everywhere (exactly one failure per lock does). */
  lockedEverywhereNow: boolean;
}

const counterColumns = {
  scope: pinLockouts.scope,
  failedCount: pinLockouts.failedCount,
  windowStartedAt: pinLockouts.windowStartedAt,
  lastFailureAt: pinLockouts.lastFailureAt,
  lockedUntil: pinLockouts.lockedUntil,
};

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** A limit of the row being updated: the '*' row uses the everywhere limits, the others the address ones. */
const limit = (pick: (limits: LockoutLimits) => number) =>
  sql`(case when ${pinLockouts.scope} = ${EVERYWHERE} then ${pick(PIN_LOCKOUT.everywhere)}::integer
    else ${pick(PIN_LOCKOUT.address)}::integer end)`;
const duration = (pick: (limits: LockoutLimits) => number) =>
  sql`(${limit(pick)} * interval '1 millisecond')`;

/**
 * The counter key of a client address. Behind a trusting proxy (TRUST_PROXY) request.ip is whatever the
 * client wrote in X-Forwarded-For: it must never be taken for the everywhere counter ('*'), and it is
 * bounded (an IPv6 address has at most 45 characters).
 */
function addressScope(address: string): string {
  const bounded = address.slice(0, 64);
  return bounded === EVERYWHERE ? `[${EVERYWHERE}]` : bounded;
}

/** The lock in force at `at` for this number and address (either counter), if any. */
export async function activeLock(
  db: DbOrTx,
  userNum: number,
  address: string,
  at: Date,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ until: sql<Date | null>`max(${pinLockouts.lockedUntil})`.mapWith(pinLockouts.lockedUntil) })
    .from(pinLockouts)
    .where(
      and(
        eq(pinLockouts.userNum, userNum),
        inArray(pinLockouts.scope, [addressScope(address), EVERYWHERE]),
        gt(pinLockouts.lockedUntil, at),
      ),
    );
  return row?.until ?? undefined;
}

/** One failure of `userNum` from `address` at `at`, counted on both counters in one statement. */
async function countFailure(tx: DbOrTx, userNum: number, address: string, at: Date) {
  const now = timestamp(at);
  const locked = sql`(${pinLockouts.lockedUntil} is not null and ${pinLockouts.lockedUntil} > ${now})`;
  // A lock that has ended, or a window that has passed, starts a new count.
  const startsOver: SQL = sql`(not ${locked} and (${pinLockouts.lockedUntil} is not null
    or ${now} >= ${pinLockouts.windowStartedAt} + ${duration((l) => l.windowMs)}))`;
  // While locked, a failure that slipped past the check (a race) still counts, the lock unchanged:
  // so the failure that reaches maxFailures is the only one that locks (lockedEverywhereNow).
  const nextCount = sql`(case when ${startsOver} then 1 else ${pinLockouts.failedCount} + 1 end)`;
  const fresh = (scope: string) => ({
    userNum,
    scope,
    failedCount: 1,
    windowStartedAt: at,
    lastFailureAt: at,
    lockedUntil: null,
  });
  return tx
    .insert(pinLockouts)
    .values([fresh(addressScope(address)), fresh(EVERYWHERE)])
    .onConflictDoUpdate({
      target: [pinLockouts.userNum, pinLockouts.scope],
      set: {
        failedCount: nextCount,
        windowStartedAt: sql`case when ${startsOver} then ${now} else ${pinLockouts.windowStartedAt} end`,
        lastFailureAt: now,
        lockedUntil: sql`case when ${locked} then ${pinLockouts.lockedUntil}
          when ${nextCount} >= ${limit((l) => l.maxFailures)}
            then ${now} + ${duration((l) => l.lockMs)}
          else null end`,
      },
    })
    .returning(counterColumns);
}

/**
 * Counts a wrong PIN (or an unknown number, or a user who may not authorise) typed from `address`.
 * When this failure locks the number everywhere and the number is a user's (`userId`), the lock is
 * written to the audit trail in the same transaction: administrators see it (GET /users/pin-locks and
 * the audit) and can unlock it. A lock of a number that belongs to nobody is not audited.
 */
export async function recordFailure(
  db: AppDb,
  input: { userNum: number; address: string; at: Date; userId?: string | undefined },
): Promise<FailureOutcome> {
  return db.transaction(async (tx) => {
    const rows = await countFailure(tx, input.userNum, input.address, input.at);
    const everywhere = rows.find((row) => row.scope === EVERYWHERE);
    const address = rows.find((row) => row.scope !== EVERYWHERE);
    if (!everywhere || !address) throw new Error('pin lockout upsert returned no row');
    const lockedEverywhereNow =
      everywhere.lockedUntil !== null && everywhere.failedCount === PIN_LOCKOUT.everywhere.maxFailures;
    if (lockedEverywhereNow && input.userId && everywhere.lockedUntil) {
      await writeAudit(tx, {
        actorId: null,
        entity: 'user',
        entityId: input.userId,
        action: 'pin_locked',
        after: {
          num: input.userNum,
          lockedUntil: everywhere.lockedUntil.toISOString(),
          failedAttempts: everywhere.failedCount,
          since: everywhere.windowStartedAt.toISOString(),
        },
      });
    }
    const locks = [address.lockedUntil, everywhere.lockedUntil].filter(
      (until): until is Date => until !== null && until.getTime() > input.at.getTime(),
    );
    const lockedUntil = locks.sort((x, y) => y.getTime() - x.getTime())[0];
    return { address, everywhere, lockedUntil, lockedEverywhereNow };
  });
}

/**
 * A right PIN from `address` forgets that address's failures (not while its lock stands). Returns the
 * lock still in force for this address — one set meanwhile by a concurrent request, or the lock of
 * every address — in which case the attempt is refused like any other while locked.
 */
export async function clearFailures(
  db: AppDb,
  userNum: number,
  address: string,
  at: Date,
): Promise<Date | undefined> {
  const now = timestamp(at);
  await db
    .delete(pinLockouts)
    .where(
      and(
        eq(pinLockouts.userNum, userNum),
        eq(pinLockouts.scope, addressScope(address)),
        sql`(${pinLockouts.lockedUntil} is null or ${pinLockouts.lockedUntil} <= ${now})`,
      ),
    );
  return activeLock(db, userNum, address, at);
}

export interface ActiveLock {
  userNum: number;
  /** The latest lock in force for this number (any address or every address). */
  lockedUntil: Date;
  /** Locked for every address (the lock administrators are told about). */
  everywhere: boolean;
  /** How many client addresses are locked out of this number. */
  addresses: number;
}

/** Every number with a lock in force at `at`, by number. */
export async function activeLocks(db: DbOrTx, at: Date): Promise<ActiveLock[]> {
  return db
    .select({
      userNum: pinLockouts.userNum,
      lockedUntil: sql<Date>`max(${pinLockouts.lockedUntil})`.mapWith(pinLockouts.lockedUntil),
      everywhere: sql<boolean>`bool_or(${pinLockouts.scope} = ${EVERYWHERE})`,
      addresses: sql<number>`(count(*) filter (where ${pinLockouts.scope} <> ${EVERYWHERE}))::int`,
    })
    .from(pinLockouts)
    .where(gt(pinLockouts.lockedUntil, at))
    .groupBy(pinLockouts.userNum)
    .orderBy(pinLockouts.userNum);
}

/** Forgets every counter and lock of the number (administrator's unlock); returns what was removed. */
export async function removeCounters(tx: DbOrTx, userNum: number): Promise<LockoutCounter[]> {
  return tx.delete(pinLockouts).where(eq(pinLockouts.userNum, userNum)).returning(counterColumns);
}
