import { describe, expect, it } from 'vitest';
import { oldestFirst, toggleCount, totalCents } from './payment-selection.ts';

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
