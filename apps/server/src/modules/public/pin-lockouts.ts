import { EVERYWHERE, type LockoutLimits, PIN_BURST, PIN_LOCKOUT } from '@prestaya/domain';
import { and, eq, gt, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { pinLockouts } from '../../db/schema/pin-lockouts.ts';
import { writeAudit } from '../../db/write-audit.ts';

/**
 * THE PIN lockout rule (limits in packages/domain/src/pin-lockout.ts), kept in `pin_lockouts`: per typed
 * user number, one counter per loan ('loan:<id>', the pair lock), one per client address ('ip:<address>')
 * and one for every address and loan together ('*', the burst report, which never locks). A failure
 * updates the three with ONE `INSERT … VALUES (pair), (address), ('*') ON CONFLICT DO UPDATE …
 * RETURNING`: the CASE expressions below are the rule. PostgreSQL locks each conflicting row and
 * evaluates them on its latest version, so concurrent failures on one or many servers never lose an
 * increment; every statement locks its rows in the same order (pair, address, '*'), so two of them
 * cannot deadlock. Only attempts that could succeed reach this file (authorise-agent.ts).
 */

export interface LockoutCounter {
  scope: string;
  failedCount: number;
  windowStartedAt: Date;
  lastFailureAt: Date | null;
  lockedUntil: Date | null;
}

export interface FailureOutcome {
  pair: LockoutCounter;
  address: LockoutCounter;
  everywhere: LockoutCounter;
  /** The lock now in force for this pair or address (the later of the two), if any. */
  lockedUntil: Date | undefined;
  /** This very failure reached the burst threshold (exactly one failure per window does). */
  burstNow: boolean;
}

const counterColumns = {
  scope: pinLockouts.scope,
  failedCount: pinLockouts.failedCount,
  windowStartedAt: pinLockouts.windowStartedAt,
  lastFailureAt: pinLockouts.lastFailureAt,
  lockedUntil: pinLockouts.lockedUntil,
};

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

const PAIR_PREFIX = 'loan:';
const ADDRESS_PREFIX = 'ip:';
const pairScope = (loanId: string) => `${PAIR_PREFIX}${loanId}`;
/**
 * The counter key of a client address. Behind a trusting proxy (TRUST_PROXY) request.ip is whatever the
 * client wrote in X-Forwarded-For: the prefix keeps it apart from the pair and '*' scopes, and it is
 * bounded (an IPv6 address has at most 45 characters).
 */
const addressScope = (address: string) => `${ADDRESS_PREFIX}${address.slice(0, 64)}`;
const isPair = sql`starts_with(${pinLockouts.scope}, ${PAIR_PREFIX})`;
const isAddress = sql`starts_with(${pinLockouts.scope}, ${ADDRESS_PREFIX})`;

/** A limit of the row being updated: pair, address or burst ('*', whose maxFailures never locks). */
const limit = (pick: (limits: LockoutLimits) => number, burst: number) =>
  sql`(case when ${pinLockouts.scope} = ${EVERYWHERE} then ${burst}::integer
    when ${isPair} then ${pick(PIN_LOCKOUT.pair)}::integer
    else ${pick(PIN_LOCKOUT.address)}::integer end)`;
const windowOf = sql`(${limit((l) => l.windowMs, PIN_BURST.windowMs)} * interval '1 millisecond')`;
const lockOf = sql`(${limit((l) => l.lockMs, 0)} * interval '1 millisecond')`;
const maxFailuresOf = limit((l) => l.maxFailures, 0);

/** The lock in force at `at` for this number on this loan or from this address, if any. */
export async function activeLock(
  db: DbOrTx,
  attempt: { userNum: number; loanId: string; address: string },
  at: Date,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ until: sql<Date | null>`max(${pinLockouts.lockedUntil})`.mapWith(pinLockouts.lockedUntil) })
    .from(pinLockouts)
    .where(
      and(
        eq(pinLockouts.userNum, attempt.userNum),
        inArray(pinLockouts.scope, [pairScope(attempt.loanId), addressScope(attempt.address)]),
        gt(pinLockouts.lockedUntil, at),
      ),
    );
  return row?.until ?? undefined;
}

/** One failure of `userNum` on `loanId` from `address` at `at`, counted on the three counters at once. */
async function countFailure(tx: DbOrTx, attempt: PinAttempt, at: Date) {
  const now = timestamp(at);
  const locked = sql`(${pinLockouts.lockedUntil} is not null and ${pinLockouts.lockedUntil} > ${now})`;
  // A lock that has ended, or a window that has passed, starts a new count.
  const startsOver: SQL = sql`(not ${locked} and (${pinLockouts.lockedUntil} is not null
    or ${now} >= ${pinLockouts.windowStartedAt} + ${windowOf}))`;
  // While locked, a failure that slipped past the check (a race) still counts, the lock unchanged.
  const nextCount = sql`(case when ${startsOver} then 1 else ${pinLockouts.failedCount} + 1 end)`;
  const fresh = (scope: string) => ({
    userNum: attempt.userNum,
    scope,
    failedCount: 1,
    windowStartedAt: at,
    lastFailureAt: at,
    lockedUntil: null,
  });
  return tx
    .insert(pinLockouts)
    .values([fresh(pairScope(attempt.loanId)), fresh(addressScope(attempt.address)), fresh(EVERYWHERE)])
    .onConflictDoUpdate({
      target: [pinLockouts.userNum, pinLockouts.scope],
      set: {
        failedCount: nextCount,
        windowStartedAt: sql`case when ${startsOver} then ${now} else ${pinLockouts.windowStartedAt} end`,
        lastFailureAt: now,
        lockedUntil: sql`case when ${pinLockouts.scope} = ${EVERYWHERE} then null
          when ${locked} then ${pinLockouts.lockedUntil}
          when ${nextCount} >= ${maxFailuresOf} then ${now} + ${lockOf}
          else null end`,
      },
    })
    .returning(counterColumns);
}

export interface PinAttempt {
  userNum: number;
  loanId: string;
  address: string;
}

/**
 * Counts a wrong PIN typed for `loanId` from `address` by the number of that loan's agent or of an
 * administrator (`userId`). The failure that reaches the burst threshold writes ONE audit entry
 * ('pin_burst': how many failures, since when, from how many addresses, on how many loans) in the same
 * transaction: administrators see it in the audit and as a badge in Usuarios.
 */
export async function recordFailure(
  db: AppDb,
  attempt: PinAttempt & { at: Date; userId: string },
): Promise<FailureOutcome> {
  return db.transaction(async (tx) => {
    const rows = await countFailure(tx, attempt, attempt.at);
    const everywhere = rows.find((row) => row.scope === EVERYWHERE);
    const pair = rows.find((row) => row.scope.startsWith(PAIR_PREFIX));
    const address = rows.find((row) => row.scope.startsWith(ADDRESS_PREFIX));
    if (!everywhere || !pair || !address) throw new Error('pin lockout upsert returned no row');
    const burstNow = everywhere.failedCount === PIN_BURST.failures;
    if (burstNow) {
      const [spread] = await tx
        .select({
          addresses: sql<number>`(count(*) filter (where ${isAddress}))::int`,
          loans: sql<number>`(count(*) filter (where ${isPair}))::int`,
        })
        .from(pinLockouts)
        .where(
          and(
            eq(pinLockouts.userNum, attempt.userNum),
            gte(pinLockouts.lastFailureAt, everywhere.windowStartedAt),
          ),
        );
      await writeAudit(tx, {
        actorId: null,
        entity: 'user',
        entityId: attempt.userId,
        action: 'pin_burst',
        after: {
          num: attempt.userNum,
          failedAttempts: everywhere.failedCount,
          since: everywhere.windowStartedAt.toISOString(),
          at: attempt.at.toISOString(),
          addresses: spread?.addresses ?? 1,
          loans: spread?.loans ?? 1,
        },
      });
    }
    const locks = rows
      .map((row) => row.lockedUntil)
      .filter((until): until is Date => until !== null && until.getTime() > attempt.at.getTime());
    const lockedUntil = locks.sort((x, y) => y.getTime() - x.getTime())[0];
    return { pair, address, everywhere, lockedUntil, burstNow };
  });
}

/**
 * A right PIN forgets the failures of its pair and its own address (not while their lock stands).
 * Returns the lock still in force — one set meanwhile by a concurrent request — in which case the
 * attempt is refused like any other while locked.
 */
export async function clearFailures(db: AppDb, attempt: PinAttempt, at: Date): Promise<Date | undefined> {
  const now = timestamp(at);
  await db
    .delete(pinLockouts)
    .where(
      and(
        eq(pinLockouts.userNum, attempt.userNum),
        inArray(pinLockouts.scope, [pairScope(attempt.loanId), addressScope(attempt.address)]),
        sql`(${pinLockouts.lockedUntil} is null or ${pinLockouts.lockedUntil} <= ${now})`,
      ),
    );
  return activeLock(db, attempt, at);
}

export interface ActiveLock {
  userNum: number;
  /** The latest lock in force for this number (any loan or address). */
  lockedUntil: Date;
  /** How many of the number's loans are locked (pairs). */
  loans: number;
  /** How many client addresses are locked out of this number. */
  addresses: number;
}

/** Every number with a lock in force at `at`, by number. */
export async function activeLocks(db: DbOrTx, at: Date): Promise<ActiveLock[]> {
  return db
    .select({
      userNum: pinLockouts.userNum,
      lockedUntil: sql<Date>`max(${pinLockouts.lockedUntil})`.mapWith(pinLockouts.lockedUntil),
      loans: sql<number>`(count(*) filter (where ${isPair}))::int`,
      addresses: sql<number>`(count(*) filter (where ${isAddress}))::int`,
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
