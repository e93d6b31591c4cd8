import type { Fee, Loan, PaymentListItem, PendingPayments, ScheduledPayment } from '@prestaya/contracts';
import { CUSTOMER_ID } from './fixtures.ts';

const id = (prefix: string, n: number) => `0190a0c0-0000-7000-8000-${prefix}${String(n).padStart(4, '0')}`;

/** Installments 2…5 of a loan (1 is paid), due weekly from 18/03/2026; 2 is late. */
export function pendingInstallments(loan: Loan, amount = loan.installmentAmount): ScheduledPayment[] {
  return [2, 3, 4, 5].map((n) => ({
    id: id('00000003', n),
    paymentNumber: n,
    dueDate: new Date(Date.UTC(2026, 2, 11 + 7 * (n - 1))).toISOString().slice(0, 10),
    amount,
    status: n === 2 ? 'DELAYED' : 'PENDING',
    concept: `Pago ${n} de 12`,
  }));
}

export const fee = (n: number, overrides: Partial<Fee> = {}): Fee => ({
  id: id('00000004', n),
  feeDate: `2026-03-${String(18 + n).padStart(2, '0')}`,
  concept: `Multa día ${18 + n}/03/2026`,
  amount: 50,
  status: 'PENDING',
  scheduledPaymentId: id('00000003', 2),
  cancelReason: null,
  ...overrides,
});

export function pendingOf(loan: Loan, fees: Fee[], amount?: number): PendingPayments {
  const scheduledPayments = pendingInstallments(loan, amount);
  const cents = [...scheduledPayments, ...fees].reduce((sum, item) => sum + Math.round(item.amount * 100), 0);
  return { scheduledPayments, fees, total: cents / 100 };
}

export function loanPayment(
  loan: Loan,
  n: number,
  overrides: Partial<PaymentListItem> = {},
): PaymentListItem {
  const createdOn = overrides.createdOn ?? new Date(2026, 2, 18 + n, 12, 0, 0).toISOString();
  return {
    id: id('00000005', n),
    createdOn,
    collectedAt: createdOn,
    amount: 1_000,
    status: 'VALIDATING',
    paymentMethod: 'CASH',
    bankAccount: null,
    loan: { id: loan.id, num: loan.num, customer: { id: CUSTOMER_ID, name: 'José', lastName: 'Gómez' } },
    recovery: false,
    ...overrides,
  };
}
