import { describe, expect, it } from 'vitest';
import { SPEC_PRODUCT_TERMS } from './loan-product.ts';
import {
  MAX_PAYMENT_FEES,
  MAX_PAYMENT_INSTALLMENTS,
  MAX_PAYMENT_REQUEST_BYTES,
  maxFeesPerInstallment,
  maxOwedFees,
  productFeesBeyondPayment,
  SPEC_LOAN_MAX_FEES,
} from './payment-items.ts';

describe('items one payment may list', () => {
  it('counts one fee a day up to the cap, the last one trimmed', () => {
    // $1,000 cap at $50 a day: 20 fees; at $30, 33 of $30 and one of $10.
    expect(maxFeesPerInstallment(100_000, 5_000)).toBe(20);
    expect(maxFeesPerInstallment(100_000, 3_000)).toBe(34);
    expect(maxFeesPerInstallment(100_000, 0)).toBe(0);
  });

  it('a $10,000 loan of 12 installments owes up to 240 fees, 1,040 once restructured over 52 weeks', () => {
    expect(12 * maxFeesPerInstallment(100_000, 5_000)).toBe(240);
    expect(maxOwedFees({ termWeeks: 12, weeklyFeeCents: 100_000, dailyFeeCents: 5_000 })).toBe(1_040);
  });

  it("follows the product limits: 104 installments, twice the spec's $50,000 loan's 5,200 fees", () => {
    expect(MAX_PAYMENT_INSTALLMENTS).toBe(104);
    expect(SPEC_LOAN_MAX_FEES).toBe(5_200);
    expect(MAX_PAYMENT_FEES).toBe(10_400);
    expect(MAX_PAYMENT_REQUEST_BYTES).toBeLessThan(512 * 1024);
    // Both lists full, as JSON.
    const id = '0190a0c0-0000-7000-8000-000000000001';
    const json = JSON.stringify({
      scheduledPaymentIds: Array(MAX_PAYMENT_INSTALLMENTS).fill(id),
      feeIds: Array(MAX_PAYMENT_FEES).fill(id),
      paymentMethod: 'TRANSFER',
      collectedAt: '2026-03-18T14:34:00.000-06:00',
    });
    expect(json.length).toBeLessThanOrEqual(MAX_PAYMENT_REQUEST_BYTES);
  });

  it('refuses a product whose largest loan could owe more fees than one payment lists', () => {
    expect(productFeesBeyondPayment(SPEC_PRODUCT_TERMS)).toBeNull();
    expect(productFeesBeyondPayment({ ...SPEC_PRODUCT_TERMS, maxAmountCents: 10_000_000 })).toBeNull();
    // $200,000 at 10 % and $50 a day: 400 fees per installment, 52 × 400 = 20,800.
    expect(productFeesBeyondPayment({ ...SPEC_PRODUCT_TERMS, maxAmountCents: 20_000_000 })).toBe(20_800);
    expect(productFeesBeyondPayment({ ...SPEC_PRODUCT_TERMS, dailyFeeCents: 0 })).toBeNull();
  });
});
