import { type LoanStatus, type LoanStatusRefusal, transition } from './loan-status.ts';
import { daysPastDue } from './portfolio-risk.ts';

/**
 * Write-off ('Castigo', docs/product.md "Castigo"): when an administrator may take a loan out of the
 * active portfolio as lost. Pure: 'YYYY-MM-DD' business dates and whole days.
 *
 * - the loan is DELAYED (the loan status machine's `writeOff`);
 * - its oldest unpaid installment is at least `minDaysPastDue` days past due (days past due as the
 *   portfolio report counts them, portfolio-risk.ts `daysPastDue`): a setting, default
 *   DEFAULT_WRITE_OFF_MIN_DAYS;
 * - no payment of it is in validation: money already handed over is decided first, so the amount
 *   written off and what is recovered later never overlap.
 */

/** The days past due from which a loan may be written off unless 'Cartera castigada' says otherwise. */
export const DEFAULT_WRITE_OFF_MIN_DAYS = 90;
/** Bounds of that setting: at least a day, at most ten years. */
export const WRITE_OFF_MIN_DAYS_BOUNDS = { min: 1, max: 3650 } as const;

export type WriteOffRefusal =
  | Extract<LoanStatusRefusal, 'loan.write_off_only_delayed'>
  | 'write_off.not_overdue_enough'
  | 'write_off.payment_in_validation';

export interface WriteOffFacts {
  status: LoanStatus;
  /** Due date of the oldest unpaid installment (loans.oldest_unpaid_due_date); null when none. */
  oldestUnpaidDueDate: string | null;
  /** Payments of the loan in validation (VALIDATING). */
  paymentsInValidation: number;
  /** The business day. */
  today: string;
  /** The setting: days past due from which a write-off is allowed. */
  minDaysPastDue: number;
}

export type WriteOffCheck =
  | { ok: true; daysPastDue: number }
  | { ok: false; refusal: WriteOffRefusal; daysPastDue: number };

/** Whether the loan may be written off today, checked in this order: status, days, validation. */
export function checkWriteOff(facts: WriteOffFacts): WriteOffCheck {
  const dpd = daysPastDue(facts.oldestUnpaidDueDate, facts.today);
  const move = transition(facts.status, { kind: 'writeOff' });
  if (!move.ok) return { ok: false, refusal: 'loan.write_off_only_delayed', daysPastDue: dpd };
  if (dpd < facts.minDaysPastDue)
    return { ok: false, refusal: 'write_off.not_overdue_enough', daysPastDue: dpd };
  if (facts.paymentsInValidation > 0) {
    return { ok: false, refusal: 'write_off.payment_in_validation', daysPastDue: dpd };
  }
  return { ok: true, daysPastDue: dpd };
}
