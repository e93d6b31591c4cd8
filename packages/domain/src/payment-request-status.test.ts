import { describe, expect, it } from 'vitest';
import {
  isLivePaymentRequest,
  MAX_PENDING_PAYMENT_REQUESTS,
  PAYMENT_REQUEST_LIFETIME_MS,
  paymentRequestTransition,
} from './payment-request-status.ts';

const T0 = new Date('2025-03-03T18:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

describe('public payment request machine (pure)', () => {
  it('a live PENDING request is authorised once; an authorised one is not again', () => {
    expect(paymentRequestTransition({ status: 'PENDING', createdOn: T0 }, later(60_000))).toEqual({
      ok: true,
      to: 'AUTHORISED',
    });
    expect(paymentRequestTransition({ status: 'AUTHORISED', createdOn: T0 }, later(60_000))).toEqual({
      ok: false,
      refusal: 'payment_request.not_pending',
    });
  });

  it('waits one day, then it has expired', () => {
    expect(PAYMENT_REQUEST_LIFETIME_MS).toBe(24 * 60 * 60_000);
    expect(MAX_PENDING_PAYMENT_REQUESTS).toBe(3);
    expect(isLivePaymentRequest(T0, later(PAYMENT_REQUEST_LIFETIME_MS - 1))).toBe(true);
    expect(isLivePaymentRequest(T0, later(PAYMENT_REQUEST_LIFETIME_MS))).toBe(false);
    expect(
      paymentRequestTransition({ status: 'PENDING', createdOn: T0 }, later(PAYMENT_REQUEST_LIFETIME_MS)),
    ).toEqual({
      ok: false,
      refusal: 'payment_request.expired',
    });
  });
});
