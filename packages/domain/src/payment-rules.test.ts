import { describe, expect, it } from 'vitest';
import {
  checkPaymentSelection,
  type PayableFee,
  type PayableInstallment,
  type PaymentSelection,
} from './payment-rules.ts';
import { installment as inst } from './test-fixtures.ts';

describe('checkPaymentSelection', () => {
  const installments: PayableInstallment[] = [
    inst(1, 'PAID', '2025-02-01'),
    inst(2, 'DELAYED', '2025-02-08'),
    inst(3, 'PENDING', '2025-03-15'),
    inst(4, 'PENDING', '2025-03-22'),
  ];
  const fees: PayableFee[] = [
    { id: 'f1', amountCents: 5_000, status: 'PENDING', concept: 'Multa por atraso · Pago 2' },
    { id: 'f2', amountCents: 5_000, status: 'PENDING', concept: 'Multa por atraso · Pago 2' },
    { id: 'f0', amountCents: 5_000, status: 'CANCELLED', concept: 'Multa por atraso · Pago 2' },
  ];
  const base: PaymentSelection = {
    loanStatus: 'DELAYED',
    installments,
    fees,
    scheduledPaymentIds: ['i2', 'i3'],
    feeIds: ['f1', 'f2'],
    paymentMethod: 'CASH',
    hasFile: false,
  };
  const refused = (overrides: Partial<PaymentSelection>) => {
    const result = checkPaymentSelection({ ...base, ...overrides });
    return result.ok ? undefined : result.refusal;
  };

  it('computes the amount and lines: installments by number, then fees', () => {
    const result = checkPaymentSelection({ ...base, scheduledPaymentIds: ['i3', 'i2', 'i3'] });
    expect(result).toEqual({
      ok: true,
      amountCents: 210_000,
      lines: [
        { kind: 'installment', id: 'i2', concept: 'Pago 2 de 12', amountCents: 100_000 },
        { kind: 'installment', id: 'i3', concept: 'Pago 3 de 12', amountCents: 100_000 },
        { kind: 'fee', id: 'f1', concept: 'Multa por atraso · Pago 2', amountCents: 5_000 },
        { kind: 'fee', id: 'f2', concept: 'Multa por atraso · Pago 2', amountCents: 5_000 },
      ],
    });
    // Fees alone are a payment too.
    expect(checkPaymentSelection({ ...base, scheduledPaymentIds: [] })).toMatchObject({
      ok: true,
      amountCents: 10_000,
    });
  });

  it('refuses each rule with its refusal code', () => {
    expect(refused({ scheduledPaymentIds: [], feeIds: [] })).toBe('payment.no_items');
    expect(refused({ hasFile: true })).toBe('payment.file_only_with_transfer');
    expect(refused({ hasFile: true, paymentMethod: 'TRANSFER' })).toBeUndefined();
    expect(refused({ loanStatus: 'PAID' })).toBe('payment.loan_not_payable');
    expect(refused({ loanStatus: 'PENDING' })).toBe('payment.loan_not_payable');
    expect(refused({ scheduledPaymentIds: ['i2', 'other'] })).toBe('payment.unknown_item');
    expect(refused({ feeIds: ['f1', 'f2', 'fx'] })).toBe('payment.unknown_item');
    expect(refused({ scheduledPaymentIds: ['i1', 'i2'] })).toBe('payment.already_taken');
    expect(refused({ feeIds: ['f1', 'f2', 'f0'] })).toBe('payment.not_payable');
    expect(refused({ feeIds: ['f1'] })).toBe('payment.all_pending_fees');
    expect(refused({ scheduledPaymentIds: ['i3'] })).toBe('payment.oldest_first');
    expect(refused({ scheduledPaymentIds: ['i2', 'i4'] })).toBe('payment.oldest_first');
  });

  it('skips installments already in validation when deciding which are the oldest', () => {
    const validating = installments.map((i) => (i.id === 'i2' ? { ...i, status: 'VALIDATING' } : i));
    expect(
      checkPaymentSelection({ ...base, installments: validating, scheduledPaymentIds: ['i3'] }),
    ).toMatchObject({
      ok: true,
    });
    // …but the same items submitted again are the repeated submit: 409.
    expect(refused({ installments: validating })).toBe('payment.already_taken');
  });
});
