/**
 * A field visit's outcome, the bounds a recorded visit must keep, and when a promise of payment was
 * kept. Pure; the contracts re-export VISIT_OUTCOMES with their Spanish labels, the server applies
 * `checkVisit` to the locked loan, and any summary of promises (made, kept, broken) reads
 * `promiseOutcome`.
 */
import { addDays, businessDate } from './business-time.ts';
import { type CollectedAtLimits, checkCollectedAt } from './collected-at.ts';
import { isCollectedPaymentStatus } from './payment-status.ts';

/** 'No estaba', 'Promesa de pago', 'Se negó'. */
export const VISIT_OUTCOMES = ['NOT_HOME', 'PROMISE', 'REFUSED'] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

/** The outcome that carries a promised date and amount (and the only one that may). */
export const PROMISE_OUTCOME = 'PROMISE' as const satisfies VisitOutcome;

export const isVisitOutcome = (value: string): value is VisitOutcome =>
  (VISIT_OUTCOMES as readonly string[]).includes(value);

/** A promise is for the visit's day or one of the next PROMISE_MAX_DAYS days. */
export const PROMISE_MAX_DAYS = 30;

/** Why a visit is refused; the server words each code (http/refusals.ts). */
export type VisitRefusal =
  | 'visit.loan_not_open'
  | 'visit.in_future'
  | 'visit.too_old'
  | 'visit.promise_required'
  | 'visit.promise_only'
  | 'visit.promise_date_past'
  | 'visit.promise_date_far'
  | 'visit.promise_over_balance';

export interface VisitCheck {
  outcome: VisitOutcome;
  /** The moment on the phone. */
  visitedAt: Date;
  /** The server's clock. */
  now: Date;
  /**
   * How far ahead of `now` the phone's clock may run and how old a visit may be when it reaches the
   * server: the limits of a collection's `collectedAt` (one setting for everything a phone records
   * offline: COLLECTED_AT_MAX_SKEW_MINUTES, COLLECTED_AT_MAX_AGE_DAYS).
   */
  limits: CollectedAtLimits;
  timeZone: string;
  /** Whether the loan is open (ACTIVE or DELAYED): only an open loan is visited to collect. */
  loanOpen: boolean;
  /** What the customer owes on the loan now (its current balance), centavos. */
  owedCents: number;
  promisedDate: string | null;
  promisedAmountCents: number | null;
}

export type VisitVerdict = { ok: true } | { ok: false; refusal: VisitRefusal };

/**
 * Whether a visit may be recorded: the loan is open; `visitedAt` is not ahead of the server beyond
 * `limits.maxSkewMinutes` nor older than `limits.maxAgeDays`; a promise names a date from the visit's business day
 * to PROMISE_MAX_DAYS after it and an amount from 1 centavo to what is owed; any other outcome names
 * neither.
 */
export function checkVisit(input: VisitCheck): VisitVerdict {
  const refuse = (refusal: VisitRefusal): VisitVerdict => ({ ok: false, refusal });
  if (!input.loanOpen) return refuse('visit.loan_not_open');
  const when = checkCollectedAt(input.visitedAt, input.now, input.limits);
  if (!when.ok) {
    return refuse(when.refusal === 'payment.collected_in_future' ? 'visit.in_future' : 'visit.too_old');
  }

  const { promisedDate, promisedAmountCents } = input;
  if (input.outcome !== PROMISE_OUTCOME) {
    return promisedDate === null && promisedAmountCents === null
      ? { ok: true }
      : refuse('visit.promise_only');
  }
  if (promisedDate === null || promisedAmountCents === null) return refuse('visit.promise_required');
  const visitDay = businessDate(input.visitedAt, input.timeZone);
  if (promisedDate < visitDay) return refuse('visit.promise_date_past');
  if (promisedDate > addDays(visitDay, PROMISE_MAX_DAYS)) return refuse('visit.promise_date_far');
  if (promisedAmountCents < 1 || promisedAmountCents > input.owedCents) {
    return refuse('visit.promise_over_balance');
  }
  return { ok: true };
}

/** A promise as the rule reads it. */
export interface PaymentPromise {
  /** When the promise was made (the visit's moment). */
  visitedAt: Date;
  /** The business day by which the customer said they would pay (included). */
  promisedDate: string;
  promisedAmountCents: number;
}

/** A payment of the promise's loan. */
export interface PromisePayment {
  /** When it was registered. */
  createdOn: Date;
  amountCents: number;
  /** PAID, VALIDATING, REJECTED, CANCELLED: only money received and not turned down counts. */
  status: string;
}

/**
 * KEPT: the payments reached the amount; PENDING: not yet, and the promised day has not ended;
 * BROKEN: the promised day ended short.
 */
export const PROMISE_OUTCOMES = ['KEPT', 'PENDING', 'BROKEN'] as const;
export type PromiseOutcome = (typeof PROMISE_OUTCOMES)[number];

export interface PromiseStanding {
  outcome: PromiseOutcome;
  /** The loan's payments counted toward the promise, centavos. */
  collectedCents: number;
}

/**
 * THE rule of a kept promise: the loan's payments registered from the visit's moment to the end of
 * the promised business day, VALIDATING or PAID (money received and not turned down), reach the
 * promised amount. A payment registered before the visit paid something else; one after the promised
 * day is late. `today` is the business day the standing is read on.
 */
export function promiseOutcome(
  promise: PaymentPromise,
  payments: readonly PromisePayment[],
  today: string,
  timeZone: string,
): PromiseStanding {
  let collectedCents = 0;
  for (const payment of payments) {
    if (!isCollectedPaymentStatus(payment.status)) continue;
    if (payment.createdOn.getTime() < promise.visitedAt.getTime()) continue;
    if (businessDate(payment.createdOn, timeZone) > promise.promisedDate) continue;
    collectedCents += payment.amountCents;
  }
  if (collectedCents >= promise.promisedAmountCents) return { outcome: 'KEPT', collectedCents };
  return { outcome: today > promise.promisedDate ? 'BROKEN' : 'PENDING', collectedCents };
}

/** A week's (or any period's) promises in figures: made, kept, broken, still pending. */
export function tallyPromises(
  promises: readonly { promise: PaymentPromise; payments: readonly PromisePayment[] }[],
  today: string,
  timeZone: string,
): Record<'made' | 'kept' | 'broken' | 'pending', number> {
  const tally = { made: 0, kept: 0, broken: 0, pending: 0 };
  for (const { promise, payments } of promises) {
    tally.made += 1;
    const { outcome } = promiseOutcome(promise, payments, today, timeZone);
    if (outcome === 'KEPT') tally.kept += 1;
    else if (outcome === 'BROKEN') tally.broken += 1;
    else tally.pending += 1;
  }
  return tally;
}
