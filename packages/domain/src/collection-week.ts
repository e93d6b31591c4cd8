/**
 * 'Semana' of Cobranza: an agent's business week in figures. Pure; the server gathers the rows
 * (modules/collections/week.ts) and these rules decide the figures, so the rate, the visits without
 * payment and the promises kept are computed once.
 */
import { businessDate, weekOf } from './business-time.ts';
import { isCollectedPaymentStatus } from './payment-status.ts';
import { type PaymentPromise, PROMISE_OUTCOME, type PromisePayment, tallyPromises } from './visit-outcome.ts';

/** The business week holding `date`: Monday to Sunday, as Cobranza's 'Esta semana'. */
export const collectionWeekOf = (date: string) => weekOf(date, 'monday');

/**
 * THE collection rate ('Efectividad') of a week, in percent with one decimal: of the installments that
 * fell due in the week (`dueCents`), the share already collected (`collectedOnDueCents`: those paid or
 * held by a payment in validation when read). Null when nothing fell due: there is no rate to show,
 * and no division by zero. Integer arithmetic, rounded half up; never above 100 nor below 0 (the
 * collected part of the due amount cannot exceed it, but a rate must not claim it did).
 */
export function collectionRate(dueCents: number, collectedOnDueCents: number): number | null {
  if (!Number.isSafeInteger(dueCents) || !Number.isSafeInteger(collectedOnDueCents)) {
    throw new RangeError('Los importes deben ser centavos enteros');
  }
  if (dueCents <= 0) return null;
  const covered = Math.min(Math.max(collectedOnDueCents, 0), dueCents);
  // Tenths of a percent, half up: floor((2 · covered · 1000 + due) / (2 · due)).
  return Math.floor((covered * 2000 + dueCents) / (dueCents * 2)) / 10;
}

/** A visit as the week reads it. */
export interface WeekVisit {
  loanId: string;
  outcome: string;
  visitedAt: Date;
  promisedDate: string | null;
  promisedAmountCents: number | null;
}

/** A payment of a visited loan. */
export interface WeekPayment extends PromisePayment {
  loanId: string;
  /** When its cash was taken: the business day a collection belongs to. */
  collectedAt: Date;
}

export interface VisitFigures {
  visits: number;
  /** Visits after which nothing was collected on that loan the same business day. */
  withoutPayment: number;
  promises: Record<'made' | 'kept' | 'broken' | 'pending', number>;
}

/**
 * The visits' figures of a week:
 * - a visit is "without payment" when no payment of its loan, VALIDATING or PAID, was collected
 *   (payments.collected_at, not when a phone sent it) on the visit's business day, by anyone;
 * - promises made are the visits with outcome PROMISE; kept, broken and pending follow THE rule
 *   (promiseOutcome), read on `today`.
 */
export function weekVisitFigures(
  visits: readonly WeekVisit[],
  payments: readonly WeekPayment[],
  today: string,
  timeZone: string,
): VisitFigures {
  const byLoan = new Map<string, WeekPayment[]>();
  // Each collected payment's business day, once (formatting a date in a zone is the costly part).
  const collectedDays = new Map<string, Set<string>>();
  for (const payment of payments) {
    const list = byLoan.get(payment.loanId) ?? [];
    list.push(payment);
    byLoan.set(payment.loanId, list);
    if (!isCollectedPaymentStatus(payment.status)) continue;
    const days = collectedDays.get(payment.loanId) ?? new Set<string>();
    days.add(businessDate(payment.collectedAt, timeZone));
    collectedDays.set(payment.loanId, days);
  }
  let withoutPayment = 0;
  const promises: { promise: PaymentPromise; payments: readonly PromisePayment[] }[] = [];
  for (const visit of visits) {
    const ofLoan = byLoan.get(visit.loanId) ?? [];
    const day = businessDate(visit.visitedAt, timeZone);
    const paidThatDay = collectedDays.get(visit.loanId)?.has(day) ?? false;
    if (!paidThatDay) withoutPayment += 1;
    if (
      visit.outcome === PROMISE_OUTCOME &&
      visit.promisedDate !== null &&
      visit.promisedAmountCents !== null
    ) {
      promises.push({
        promise: {
          visitedAt: visit.visitedAt,
          promisedDate: visit.promisedDate,
          promisedAmountCents: visit.promisedAmountCents,
        },
        payments: ofLoan,
      });
    }
  }
  return { visits: visits.length, withoutPayment, promises: tallyPromises(promises, today, timeZone) };
}
