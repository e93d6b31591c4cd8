import { describe, expect, it } from 'vitest';
import { cashCloseTotals } from './cash-close.ts';

describe('the totals of a day', () => {
  it('sums cash by status and transfers apart, in centavos; rejected and cancelled move no money', () => {
    expect(
      cashCloseTotals([
        { amountCents: 100_050, status: 'VALIDATING', paymentMethod: 'CASH' },
        { amountCents: 20_001, status: 'VALIDATING', paymentMethod: 'CASH' },
        { amountCents: 50_000, status: 'PAID', paymentMethod: 'CASH' },
        { amountCents: 70_000, status: 'VALIDATING', paymentMethod: 'TRANSFER' },
        { amountCents: 10_000, status: 'PAID', paymentMethod: 'TRANSFER' },
        { amountCents: 99_999, status: 'REJECTED', paymentMethod: 'CASH' },
        { amountCents: 88_888, status: 'CANCELLED', paymentMethod: 'TRANSFER' },
      ]),
    ).toEqual({
      cashCents: 170_051,
      cashPendingCents: 120_051,
      cashConfirmedCents: 50_000,
      transferCents: 80_000,
      count: 7,
    });
  });

  it('is all zeros for a day without payments', () => {
    expect(cashCloseTotals([])).toEqual({
      cashCents: 0,
      cashPendingCents: 0,
      cashConfirmedCents: 0,
      transferCents: 0,
      count: 0,
    });
  });
});
