import { eq, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { pinLockouts } from '../../db/schema/pin-lockouts.ts';
import { PIN_LOCKOUT, type PinLockoutState } from '../../domain/pin-lockout.ts';

/**
 * The lockout state in `pin_lockouts` (domain/pin-lockout.ts is the rule). A failure is counted with
 * ONE `INSERT … ON CONFLICT DO UPDATE … RETURNING` whose CASE expressions are `afterFailure` written in
 * SQL: PostgreSQL locks the conflicting row and evaluates them on its latest version, so concurrent
 * failures on one or many servers never lose an increment.
 */

export async function readLockout(db: AppDb, userNum: number): Promise<PinLockoutState | undefined> {
  const [row] = await db
    .select({
      failedCount: pinLockouts.failedCount,
      lastFailureAt: pinLockouts.lastFailureAt,
      lockedUntil: pinLockouts.lockedUntil,
    })
    .from(pinLockouts)
    .where(eq(pinLockouts.userNum, userNum))
    .limit(1);
  return row;
}

export async function recordFailure(db: AppDb, userNum: number, now: Date): Promise<PinLockoutState> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const lockMs = PIN_LOCKOUT.lockMs;
  const windowMs = PIN_LOCKOUT.failureWindowMs;
  const max = PIN_LOCKOUT.maxFailures;
  const locked = sql`(${pinLockouts.lockedUntil} is not null and ${pinLockouts.lockedUntil} > ${at})`;
  const over = sql`((${pinLockouts.lockedUntil} is not null and ${pinLockouts.lockedUntil} <= ${at})
    or ${pinLockouts.lastFailureAt} is null
    or ${at} - ${pinLockouts.lastFailureAt} > ${windowMs} * interval '1 millisecond')`;
  const nextCount = sql`(case when ${over} then 1 else ${pinLockouts.failedCount} + 1 end)`;
  const [row] = await db
    .insert(pinLockouts)
    .values({
      userNum,
      failedCount: 1,
      lastFailureAt: now,
      lockedUntil: max <= 1 ? new Date(now.getTime() + lockMs) : null,
    })
    .onConflictDoUpdate({
      target: pinLockouts.userNum,
      set: {
        failedCount: sql`case when ${locked} then ${pinLockouts.failedCount} else ${nextCount} end`,
        lockedUntil: sql`case when ${locked} then ${pinLockouts.lockedUntil}
          when ${nextCount} >= ${max} then ${at} + ${lockMs} * interval '1 millisecond'
          else null end`,
        lastFailureAt: at,
      },
    })
    .returning({
      failedCount: pinLockouts.failedCount,
      lastFailureAt: pinLockouts.lastFailureAt,
      lockedUntil: pinLockouts.lockedUntil,
    });
  if (!row) throw new Error('pin lockout upsert returned no row');
  return row;
}

/**
 * A correct PIN forgets the failures — unless a concurrent request has locked the number meanwhile:
 * then the lock stands and this returns false (the attempt is refused like any other while locked).
 */
export async function clearFailures(db: AppDb, userNum: number, now: Date): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  await db
    .delete(pinLockouts)
    .where(
      sql`${pinLockouts.userNum} = ${userNum} and ${or(
        sql`${pinLockouts.lockedUntil} is null`,
        sql`${pinLockouts.lockedUntil} <= ${at}`,
      )}`,
    );
  const [left] = await db
    .select({ userNum: pinLockouts.userNum })
    .from(pinLockouts)
    .where(sql`${pinLockouts.userNum} = ${userNum} and ${pinLockouts.lockedUntil} > ${at}`)
    .limit(1);
  return left === undefined;
}
