import { describe, expect, it } from 'vitest';
import {
  COLLECTED_PAYMENT_STATUSES,
  isCollectedPaymentStatus,
  isPaymentStatus,
  PAYMENT_DECISIONS,
  PAYMENT_STATUSES,
  paymentTransition,
  REGISTERED_PAYMENT_STATUS,
} from './payment-status.ts';

describe('paymentTransition (pure)', () => {
  it('decides a payment in validation: confirmed PAID, rejected REJECTED', () => {
    expect(paymentTransition('VALIDATING', { kind: 'confirm' })).toEqual({ ok: true, to: 'PAID' });
    expect(paymentTransition('VALIDATING', { kind: 'reject' })).toEqual({ ok: true, to: 'REJECTED' });
  });

  it('refuses a second decision, whatever the first was', () => {
    for (const from of PAYMENT_STATUSES.filter((s) => s !== 'VALIDATING')) {
      for (const kind of ['confirm', 'reject'] as const) {
        expect(paymentTransition(from, { kind })).toEqual({
          ok: false,
          refusal: 'payment.only_validating_decides',
        });
      }
    }
  });
});

describe('payment status groups', () => {
  it('are the statuses the rules speak of', () => {
    expect(PAYMENT_STATUSES).toEqual(['PAID', 'VALIDATING', 'REJECTED', 'CANCELLED']);
    expect(REGISTERED_PAYMENT_STATUS).toBe('VALIDATING');
    expect([...COLLECTED_PAYMENT_STATUSES]).toEqual(['VALIDATING', 'PAID']);
    expect([...PAYMENT_DECISIONS]).toEqual(['PAID', 'REJECTED']);
  });

  it('answers membership for any text', () => {
    expect(isPaymentStatus('REJECTED')).toBe(true);
    expect(isPaymentStatus('PENDING')).toBe(false);
    expect(isCollectedPaymentStatus('VALIDATING')).toBe(true);
    expect(isCollectedPaymentStatus('REJECTED')).toBe(false);
  });
});
