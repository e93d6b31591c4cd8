import { describe, expect, it } from 'vitest';
import {
  checkPaymentSelection,
  feesAccruedAfterCollection,
  type PayableFee,
  type PayableInstallment,
  type PaymentSelection,
} from './payment-rules.ts';
import { installment as inst } from './test-fixtures.ts';

const fee = (id: string, status: string, feeDate: string, scheduledPaymentId = 'i2'): PayableFee => ({
  id,
  amountCents: 5_000,
  status,
  concept: 'Multa por atraso · Pago 2',
  scheduledPaymentId,
  feeDate,
});

describe('checkPaymentSelection', () => {
  const installments: PayableInstallment[] = [
    inst(1, 'PAID', '2025-02-01'),
    inst(2, 'DELAYED', '2025-02-08'),
    inst(3, 'PENDING', '2025-03-15'),
    inst(4, 'PENDING', '2025-03-22'),
  ];
  const fees: PayableFee[] = [
    fee('f0', 'CANCELLED', '2025-02-09'),
    fee('f1', 'PENDING', '2025-02-10'),
    fee('f2', 'PENDING', '2025-02-11'),
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
      accruedAfterCollection: [],
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
    // A written-off loan takes payments: recoveries (write-off.ts).
    expect(refused({ loanStatus: 'WRITTEN_OFF' })).toBeUndefined();
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

describe('fees that accrued after an offline collection', () => {
  // Installment 1 due 2025-03-10, collected without signal at 14:34 that day; the 00:05 accrual of
  // 03-11 charged it before the phone synced at 09:00 on 03-11.
  const installments: PayableInstallment[] = [
    inst(1, 'DELAYED', '2025-03-10'),
    inst(2, 'PENDING', '2025-03-17'),
  ];
  const base: PaymentSelection = {
    loanStatus: 'DELAYED',
    installments,
    fees: [fee('f11', 'PENDING', '2025-03-11', 'i1')],
    scheduledPaymentIds: ['i1'],
    feeIds: [],
    paymentMethod: 'CASH',
    hasFile: false,
    collectedOn: '2025-03-10',
  };

  it('does not require them and names them to cancel', () => {
    expect(checkPaymentSelection(base)).toEqual({
      ok: true,
      amountCents: 100_000,
      lines: [{ kind: 'installment', id: 'i1', concept: 'Pago 1 de 12', amountCents: 100_000 }],
      accruedAfterCollection: ['f11'],
    });
  });

  it('still requires them without a collection day, or when collected the day they are for', () => {
    expect(checkPaymentSelection({ ...base, collectedOn: undefined })).toEqual({
      ok: false,
      refusal: 'payment.all_pending_fees',
    });
    expect(checkPaymentSelection({ ...base, collectedOn: '2025-03-11' })).toMatchObject({
      ok: false,
      refusal: 'payment.all_pending_fees',
    });
  });

  it('still requires the fees of the days up to the collection and those of other installments', () => {
    const late = [
      fee('f0', 'PENDING', '2025-03-09', 'i0'),
      fee('f10', 'PENDING', '2025-03-10', 'i1'),
      fee('f11', 'PENDING', '2025-03-11', 'i1'),
    ];
    const withEarlier = [inst(0, 'DELAYED', '2025-03-03'), ...installments];
    const selection = { ...base, installments: withEarlier, fees: late };
    expect(checkPaymentSelection({ ...selection, scheduledPaymentIds: ['i0', 'i1'] })).toMatchObject({
      refusal: 'payment.all_pending_fees',
    });
    expect(
      checkPaymentSelection({ ...selection, scheduledPaymentIds: ['i0', 'i1'], feeIds: ['f10'] }),
    ).toMatchObject({ refusal: 'payment.all_pending_fees' });
    expect(
      checkPaymentSelection({ ...selection, scheduledPaymentIds: ['i0', 'i1'], feeIds: ['f0', 'f10'] }),
    ).toMatchObject({ ok: true, amountCents: 210_000, accruedAfterCollection: ['f11'] });
    // A fee of an installment the payment does not cover is owed whatever its day.
    expect(
      checkPaymentSelection({
        ...base,
        fees: [fee('f11', 'PENDING', '2025-03-11', 'i1'), fee('f2', 'PENDING', '2025-03-18', 'i2')],
      }),
    ).toMatchObject({ refusal: 'payment.all_pending_fees' });
  });

  it('charges them when the agent includes them, and cancels nothing then', () => {
    expect(checkPaymentSelection({ ...base, feeIds: ['f11'] })).toMatchObject({
      ok: true,
      amountCents: 105_000,
      accruedAfterCollection: [],
    });
  });

  it('feesAccruedAfterCollection keeps only PENDING fees of covered installments after the day', () => {
    const all = [
      fee('a', 'PENDING', '2025-03-11', 'i1'),
      fee('b', 'CANCELLED', '2025-03-12', 'i1'),
      fee('c', 'VALIDATING', '2025-03-12', 'i1'),
      fee('d', 'PENDING', '2025-03-10', 'i1'),
      fee('e', 'PENDING', '2025-03-12', 'i2'),
    ];
    expect(feesAccruedAfterCollection(all, ['i1'], '2025-03-10').map((f) => f.id)).toEqual(['a']);
    expect(feesAccruedAfterCollection(all, ['i1'], undefined)).toEqual([]);
  });
});
