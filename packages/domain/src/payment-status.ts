/**
 * A registered payment's statuses, the groups the rules speak of, and every status change the system
 * makes to one. Pure; the contracts re-export PAYMENT_STATUSES, so the API, the screens and these
 * rules share one list.
 */

/** CANCELLED is allowed by the schema but no action leads to it today. */
export const PAYMENT_STATUSES = ['PAID', 'VALIDATING', 'REJECTED', 'CANCELLED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A payment is registered awaiting an administrator's decision. */
export const REGISTERED_PAYMENT_STATUS = 'VALIDATING' as const satisfies PaymentStatus;

/**
 * Money received and not turned down: confirmed, or awaiting confirmation. What 'Cobranza' counts as
 * collected, the cash close totals, and what a payment's "balance after" subtracts.
 */
export const COLLECTED_PAYMENT_STATUSES = ['VALIDATING', 'PAID'] as const satisfies readonly PaymentStatus[];

/** The decision an administrator may take on a payment in validation (PATCH /payments/{id}). */
export const PAYMENT_DECISIONS = ['PAID', 'REJECTED'] as const satisfies readonly PaymentStatus[];

export const isPaymentStatus = (status: string): status is PaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(status);
export const isCollectedPaymentStatus = (status: string): boolean =>
  (COLLECTED_PAYMENT_STATUSES as readonly string[]).includes(status);

/** Why a payment's status change is refused; the server words each code (http/refusals.ts). */
export type PaymentStatusRefusal = 'payment.only_validating_decides';

/**
 * What happens to a payment: an administrator confirms it into an account (`confirm`, VALIDATING →
 * PAID) or rejects it (`reject`, VALIDATING → REJECTED).
 */
export type PaymentAction = { kind: 'confirm' } | { kind: 'reject' };

export type PaymentTransition =
  | { ok: true; to: PaymentStatus }
  | { ok: false; refusal: PaymentStatusRefusal };

/** THE payment status machine: a payment is decided once, from VALIDATING; a decision is final. */
export function paymentTransition(from: PaymentStatus, action: PaymentAction): PaymentTransition {
  if (from !== 'VALIDATING') return { ok: false, refusal: 'payment.only_validating_decides' };
  return { ok: true, to: action.kind === 'confirm' ? 'PAID' : 'REJECTED' };
}
