/**
 * A late fee's (multa's) statuses, the groups the rules speak of, and every status change the system
 * makes to one. Pure; the contracts re-export FEE_STATUSES, so the API, the screens and these rules
 * share one list.
 */

/**
 * ACTIVE and DELAYED are allowed by the schema but no action leads to them today. VALIDATING: the fee
 * is part of a payment awaiting confirmation, so it cannot be paid twice.
 */
export const FEE_STATUSES = [
  'PENDING',
  'ACTIVE',
  'PAID',
  'DELAYED',
  'CANCELLED',
  'VALIDATING',
  'RESTRUCTURED',
] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];

/** The status the daily accrual creates a fee in. */
export const ACCRUED_FEE_STATUS = 'PENDING' as const satisfies FeeStatus;

/**
 * Included in a restructuring ('Incluida en reestructura'): its amount became part of the new
 * installments, so the fee itself is no longer owed nor part of what the loan costs (counting both
 * would charge it twice). It still counts toward its installment's cap, as a forgiven one does.
 */
export const RESTRUCTURED_FEE_STATUS = 'RESTRUCTURED' as const satisfies FeeStatus;

/** Due now and held by no payment: a payment must include every one of them. */
export const PAYABLE_FEE_STATUSES = ['PENDING'] as const satisfies readonly FeeStatus[];

/** Still owed: payable, or held by a payment awaiting confirmation. */
export const OWED_FEE_STATUSES = [
  ...PAYABLE_FEE_STATUSES,
  'VALIDATING',
] as const satisfies readonly FeeStatus[];

/** Paid, or held by a payment awaiting confirmation: a second payment of it is the repeated submit. */
export const TAKEN_FEE_STATUSES = ['PAID', 'VALIDATING'] as const satisfies readonly FeeStatus[];

const isIn = (group: readonly string[], status: string) => group.includes(status);
export const isFeeStatus = (status: string): status is FeeStatus => isIn(FEE_STATUSES, status);
export const isPayableFeeStatus = (status: string): boolean => isIn(PAYABLE_FEE_STATUSES, status);
export const isOwedFeeStatus = (status: string): boolean => isIn(OWED_FEE_STATUSES, status);

/** Why a fee's status change is refused; the server words each code (http/refusals.ts). */
export type FeeStatusRefusal =
  | 'payment.already_taken'
  | 'payment.not_payable'
  | 'payment.only_validating_decides'
  | 'fee.only_pending_cancels'
  | 'restructure.payment_validating';

/**
 * What happens to a fee:
 * - `take`: a registered payment covers it, PENDING → VALIDATING;
 * - `confirm`: its payment is confirmed, VALIDATING → PAID;
 * - `reject`: its payment is rejected, VALIDATING → PENDING (due again);
 * - `cancel`: an administrator forgives it, PENDING → CANCELLED (a restructuring that condones the
 *   fines does the same, with the restructuring as the reason);
 * - `include`: a restructuring moves it into the new installments, PENDING → RESTRUCTURED.
 */
export type FeeAction =
  | { kind: 'take' }
  | { kind: 'confirm' }
  | { kind: 'reject' }
  | { kind: 'cancel' }
  | { kind: 'include' };

export type FeeTransition = { ok: true; to: FeeStatus } | { ok: false; refusal: FeeStatusRefusal };

const refuse = (refusal: FeeStatusRefusal): FeeTransition => ({ ok: false, refusal });
const move = (to: FeeStatus): FeeTransition => ({ ok: true, to });

/**
 * THE fee status machine. Only a fee due now is paid or forgiven; one held by a payment waits for the
 * payment's decision, which alone moves it on.
 */
export function feeTransition(from: FeeStatus, action: FeeAction): FeeTransition {
  switch (action.kind) {
    case 'take':
      if (isPayableFeeStatus(from)) return move('VALIDATING');
      return refuse(isIn(TAKEN_FEE_STATUSES, from) ? 'payment.already_taken' : 'payment.not_payable');
    case 'confirm':
      return from === 'VALIDATING' ? move('PAID') : refuse('payment.only_validating_decides');
    case 'reject':
      return from === 'VALIDATING' ? move('PENDING') : refuse('payment.only_validating_decides');
    case 'cancel':
      return from === 'PENDING' ? move('CANCELLED') : refuse('fee.only_pending_cancels');
    case 'include':
      if (from === 'PENDING') return move(RESTRUCTURED_FEE_STATUS);
      return refuse(from === 'VALIDATING' ? 'restructure.payment_validating' : 'fee.only_pending_cancels');
  }
}

/** The statuses `action` moves a fee from: what a statement changing many checks first. */
export const feeActionSources = (action: FeeAction): FeeStatus[] =>
  FEE_STATUSES.filter((from) => feeTransition(from, action).ok);
