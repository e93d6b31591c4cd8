import { describe, expect, it } from 'vitest';
import { oldestFirst, selectPayment, toggleCount, totalCents } from './payment-selection.ts';

const item = (paymentNumber: number, dueDate: string) => ({ paymentNumber, dueDate });

describe('payment selection', () => {
  it('orders installments by due date, then by number', () => {
    const items = [
      item(3, '2026-03-25'),
      item(1, '2026-03-11'),
      item(2, '2026-03-18'),
      item(4, '2026-03-18'),
    ];
    expect(oldestFirst(items).map((i) => i.paymentNumber)).toEqual([1, 2, 4, 3]);
    expect(items.map((i) => i.paymentNumber)).toEqual([3, 1, 2, 4]);
  });

  it('ticks every older installment and unticks every newer one', () => {
    expect(toggleCount(0, 2, true)).toBe(3);
    expect(toggleCount(3, 0, true)).toBe(3);
    expect(toggleCount(3, 1, false)).toBe(1);
    expect(toggleCount(1, 2, false)).toBe(1);
  });

  it('sums in integer centavos', () => {
    const amounts = [{ pesos: 0.1 }, { pesos: 0.2 }, { pesos: 500.5 }];
    expect(totalCents(amounts, (a) => Math.round(a.pesos * 100))).toBe(50_080);
    expect(totalCents([], () => 1)).toBe(0);
  });
});

describe('selectPayment', () => {
  const installment = (id: string, paymentNumber: number, dueDate: string, amountCents: number) => ({
    id,
    paymentNumber,
    dueDate,
    amountCents,
  });
  const installments = [
    installment('i3', 3, '2026-03-25', 100_000),
    installment('i1', 1, '2026-03-11', 100_000),
    installment('i2', 2, '2026-03-18', 100_050),
  ];
  const fees = [
    { id: 'f1', amountCents: 5_000 },
    { id: 'f2', amountCents: 5_000 },
  ];
  const cents = (item: { amountCents: number }) => item.amountCents;

  it('takes every fee and the first N installments oldest first', () => {
    expect(selectPayment(installments, fees, 2, cents)).toEqual({
      installments: [installments[1], installments[2]],
      fees,
      scheduledPaymentIds: ['i1', 'i2'],
      feeIds: ['f1', 'f2'],
      amountCents: 210_050,
    });
  });

  it('is the fees alone with nothing ticked, and every installment past the end', () => {
    expect(selectPayment(installments, fees, 0, cents)).toMatchObject({
      scheduledPaymentIds: [],
      feeIds: ['f1', 'f2'],
      amountCents: 10_000,
    });
    expect(selectPayment(installments, [], 9, cents)).toMatchObject({
      scheduledPaymentIds: ['i1', 'i2', 'i3'],
      feeIds: [],
      amountCents: 300_050,
    });
    expect(selectPayment([], [], 1, cents).amountCents).toBe(0);
  });
});
