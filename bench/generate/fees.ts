import { lateFeeCents } from '@prestaya/domain';
import type { Random } from '@prestaya/server/bench';
import { addDaysFast as addDays } from '../lib/business-time.ts';
import type { WorldSettings } from './settings.ts';

/**
 * The late fees of the rows the generator writes: the rule of the server's daily accrual
 * (jobs/accrual.ts) replayed per installment, so the generated history is one the accrual would have
 * left — the verify step checks that the accrual through today finds nothing to do.
 */

export interface Installment {
  id: string;
  number: number;
  dueDate: string;
  amountCents: number;
  /** The part an abono paid of it (an installment paid whole has paidCents = amountCents). */
  paidCents: number;
  concept: string;
  status: string;
  paidOnMs: number | null;
  /** Fees accrued so far (cancelled ones count toward the cap too). */
  feeCount: number;
  feeCents: number;
}

export interface Fee {
  id: string;
  installment: Installment;
  feeDate: string;
  amountCents: number;
  status: string;
  createdMs: number;
  cancelledMs: number | null;
  /** Set when a restructuring forgave it. */
  cancelReason?: string;
}

export interface LoanRow {
  id: string;
  requestDate: string;
  dailyFeeCents: number;
  weeklyFeeCents: number;
}

function dayFee(
  s: WorldSettings,
  rng: Random,
  installment: Installment,
  loan: LoanRow,
  feeDate: string,
  status: string,
): Fee | undefined {
  const amountCents = lateFeeCents(loan.dailyFeeCents, loan.weeklyFeeCents, installment.feeCents);
  if (amountCents <= 0) return undefined;
  // The accrual runs at 00:05 business time and dates the fee that day.
  const createdMs = Math.min(s.clock.at(feeDate, 5), s.nowMs - 60_000);
  installment.feeCount++;
  installment.feeCents += amountCents;
  return {
    id: rng.uuid7(createdMs),
    installment,
    feeDate,
    amountCents,
    status,
    createdMs,
    cancelledMs: null,
  };
}

/** Fees of `installment` for each day after its due date through `throughDay` (inclusive), capped. */
export function accrueFees(
  s: WorldSettings,
  rng: Random,
  installment: Installment,
  loan: LoanRow,
  throughDay: string,
  status: string,
): Fee[] {
  const fees: Fee[] = [];
  let day = addDays(installment.dueDate, 1);
  if (day < loan.requestDate) day = loan.requestDate;
  while (day <= throughDay && installment.feeCents < loan.weeklyFeeCents) {
    const fee = dayFee(s, rng, installment, loan, day, status);
    if (fee) fees.push(fee);
    day = addDays(day, 1);
  }
  return fees;
}
