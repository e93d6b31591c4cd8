/**
 * An installment's (scheduled payment's) statuses, the groups the rules speak of, and every status
 * change the system makes to one. Pure; the contracts re-export INSTALLMENT_STATUSES as
 * SCHEDULED_PAYMENT_STATUSES, so the API, the screens and these rules share one list.
 */

/** REJECTED and CANCELLED are allowed by the schema but no action leads to them today. */
export const INSTALLMENT_STATUSES = [
  'PENDING',
  'DELAYED',
  'PAID',
  'VALIDATING',
  'REJECTED',
  'CANCELLED',
  'RESTRUCTURED',
] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

/** The status a delivered loan's schedule creates its installments in. */
export const SCHEDULED_INSTALLMENT_STATUS = 'PENDING' as const satisfies InstallmentStatus;

/** Not paid and held by no payment: what a payment may cover, and what accrues late fees. */
export const PAYABLE_INSTALLMENT_STATUSES = [
  'PENDING',
  'DELAYED',
] as const satisfies readonly InstallmentStatus[];

/**
 * Still owed: payable, or held by a payment awaiting confirmation (owed until it is confirmed). The
 * loan's balance and the portfolio's unpaid installments count these.
 */
export const OWED_INSTALLMENT_STATUSES = [
  ...PAYABLE_INSTALLMENT_STATUSES,
  'VALIDATING',
] as const satisfies readonly InstallmentStatus[];

/** Paid, or held by a payment awaiting confirmation: a second payment of it is the repeated submit. */
export const TAKEN_INSTALLMENT_STATUSES = [
  'PAID',
  'VALIDATING',
] as const satisfies readonly InstallmentStatus[];

/**
 * Closed by a restructuring ('Reestructurado'): kept, not deleted, but no longer owed, not paid, and no
 * longer part of what the loan costs: what remained of it was moved into the new installments.
 */
export const RESTRUCTURED_INSTALLMENT_STATUS = 'RESTRUCTURED' as const satisfies InstallmentStatus;

const isIn = (group: readonly string[], status: string) => group.includes(status);
export const isInstallmentStatus = (status: string): status is InstallmentStatus =>
  isIn(INSTALLMENT_STATUSES, status);
export const isPayableInstallmentStatus = (status: string): boolean =>
  isIn(PAYABLE_INSTALLMENT_STATUSES, status);
export const isOwedInstallmentStatus = (status: string): boolean => isIn(OWED_INSTALLMENT_STATUSES, status);

/** Why an installment's status change is refused; the server words each code (http/refusals.ts). */
export type InstallmentStatusRefusal =
  | 'payment.already_taken'
  | 'payment.not_payable'
  | 'payment.only_validating_decides'
  | 'installment.only_pending_falls_due'
  | 'restructure.payment_validating'
  | 'restructure.installment_closed';

/**
 * What happens to an installment:
 * - `take`: a registered payment covers it, PENDING or DELAYED → VALIDATING;
 * - `confirm`: its payment is confirmed, VALIDATING → PAID;
 * - `reject`: its payment is rejected, VALIDATING → DELAYED when it is past due on the business day
 *   (`overdue`), else PENDING;
 * - `fallDue`: the daily accrual finds it past due, PENDING → DELAYED;
 * - `restructure`: an administrator's restructuring closes it, PENDING or DELAYED → RESTRUCTURED (one in
 *   validation waits for its payment's decision; a paid or closed one has nothing left to move).
 */
export type InstallmentAction =
  | { kind: 'take' }
  | { kind: 'confirm' }
  | { kind: 'reject'; overdue: boolean }
  | { kind: 'fallDue' }
  | { kind: 'restructure' };

export type InstallmentTransition =
  | { ok: true; to: InstallmentStatus }
  | { ok: false; refusal: InstallmentStatusRefusal };

const refuse = (refusal: InstallmentStatusRefusal): InstallmentTransition => ({ ok: false, refusal });
const move = (to: InstallmentStatus): InstallmentTransition => ({ ok: true, to });

/**
 * THE installment status machine. A taken installment (PAID or VALIDATING) offered again is the
 * repeated submit, told apart from one that can never be paid; only a payment in validation is
 * decided, and only a PENDING installment falls due (one in validation waits for its payment).
 */
export function installmentTransition(
  from: InstallmentStatus,
  action: InstallmentAction,
): InstallmentTransition {
  switch (action.kind) {
    case 'take':
      if (isPayableInstallmentStatus(from)) return move('VALIDATING');
      return refuse(isIn(TAKEN_INSTALLMENT_STATUSES, from) ? 'payment.already_taken' : 'payment.not_payable');
    case 'confirm':
      return from === 'VALIDATING' ? move('PAID') : refuse('payment.only_validating_decides');
    case 'reject':
      if (from !== 'VALIDATING') return refuse('payment.only_validating_decides');
      return move(action.overdue ? 'DELAYED' : 'PENDING');
    case 'fallDue':
      return from === 'PENDING' ? move('DELAYED') : refuse('installment.only_pending_falls_due');
    case 'restructure':
      if (isPayableInstallmentStatus(from)) return move(RESTRUCTURED_INSTALLMENT_STATUS);
      return refuse(
        from === 'VALIDATING' ? 'restructure.payment_validating' : 'restructure.installment_closed',
      );
  }
}

/** The statuses `action` moves an installment from: what a statement changing many checks first. */
export const installmentActionSources = (action: InstallmentAction): InstallmentStatus[] =>
  INSTALLMENT_STATUSES.filter((from) => installmentTransition(from, action).ok);
