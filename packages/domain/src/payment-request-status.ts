/**
 * A public payment waiting for its agent (docs/product.md "Pago sin PIN"): the borrower registers it
 * from /consulta without a PIN, and the customer's agent (or an administrator) authorises it from their
 * own session, which registers the payment itself (VALIDATING, channel PUBLIC). Pure.
 */

export const PAYMENT_REQUEST_STATUSES = ['PENDING', 'AUTHORISED'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];

/** How long a request waits: after a day it is neither listed nor authorised (the borrower asks again). */
export const PAYMENT_REQUEST_LIFETIME_MS = 24 * 60 * 60_000;
/** Requests waiting at once per loan: a holder of the loan's lookup cannot flood its agent. */
export const MAX_PENDING_PAYMENT_REQUESTS = 3;

export type PaymentRequestRefusal = 'payment_request.not_pending' | 'payment_request.expired';

export type PaymentRequestTransition =
  | { ok: true; to: PaymentRequestStatus }
  | { ok: false; refusal: PaymentRequestRefusal };

/** True while a request created at `createdOn` still waits at `now`. */
export function isLivePaymentRequest(createdOn: Date, now: Date): boolean {
  return now.getTime() - createdOn.getTime() < PAYMENT_REQUEST_LIFETIME_MS;
}

/** THE request machine: only a live PENDING request is authorised, once. */
export function paymentRequestTransition(
  request: { status: PaymentRequestStatus; createdOn: Date },
  now: Date,
): PaymentRequestTransition {
  if (request.status !== 'PENDING') return { ok: false, refusal: 'payment_request.not_pending' };
  if (!isLivePaymentRequest(request.createdOn, now)) return { ok: false, refusal: 'payment_request.expired' };
  return { ok: true, to: 'AUTHORISED' };
}
