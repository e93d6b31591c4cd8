import type { BankAccount, Paged, PaymentDetails, PaymentListItem } from '@prestaya/contracts';
import {
  ACCOUNT_ID,
  adminLogin,
  bbvaAccount,
  CUSTOMER_ID,
  cashAccount,
  OTHER_ACCOUNT_ID,
} from '../../../test/fixtures.ts';

export { ACCOUNT_ID, adminLogin, CUSTOMER_ID, OTHER_ACCOUNT_ID };

export const PAYMENT_ID = '0190a0c0-0000-7000-8000-0000000000d1';
export const OTHER_PAYMENT_ID = '0190a0c0-0000-7000-8000-0000000000d2';
export const LOAN_ID = '0190a0c0-0000-7000-8000-0000000001a3';

/** Local noon on 9 Mar 2026 (the screen shows the local calendar day). */
export const CREATED_ON = new Date(2026, 2, 9, 12, 0, 0).toISOString();

export const payment: PaymentListItem = {
  id: PAYMENT_ID,
  createdOn: CREATED_ON,
  collectedAt: CREATED_ON,
  amount: 2_050,
  status: 'VALIDATING',
  paymentMethod: 'TRANSFER',
  bankAccount: null,
  recovery: false,
  loan: {
    id: LOAN_ID,
    num: 1002,
    customer: { id: CUSTOMER_ID, name: 'José', lastName: 'Gómez' },
  },
};

export const confirmedPayment: PaymentListItem = {
  ...payment,
  id: OTHER_PAYMENT_ID,
  amount: 1_000,
  status: 'PAID',
  paymentMethod: 'CASH',
  bankAccount: { id: ACCOUNT_ID, name: 'Caja Principal' },
  loan: { ...payment.loan, num: 1004, customer: { id: CUSTOMER_ID, name: 'María', lastName: 'López' } },
};

/** Two installments and one fee: $1,000.00 + $1,000.00 + $50.00, leaving $10,000.00 owed. */
export function detailsOf(
  overrides: Partial<PaymentDetails['payment']> = {},
  attachments = true,
): PaymentDetails {
  return {
    payment: {
      ...payment,
      customer: { id: CUSTOMER_ID, name: 'José', lastName: 'Gómez', secondLastName: 'Ruiz' },
      registeredBy: { num: 7, name: 'Luis', lastName: 'Pérez' },
      rejectionReason: null,
      ...overrides,
    },
    lines: [
      { concept: 'Pago 1 de 12', amount: 1_000, type: 'Pago', date: '2026-03-02' },
      { concept: 'Pago 2 de 12', amount: 1_000, type: 'Pago', date: '2026-03-09' },
      { concept: 'Multa día 03/03/2026', amount: 50, type: 'Multa', date: '2026-03-03' },
    ],
    attachments: attachments
      ? [{ id: 'att-1', uri: '/files/proof-1.png?sig=abc', contentType: 'image/png' }]
      : [],
    totals: { scheduledPayments: 2_000, fees: 50, total: 2_050 },
    balanceAfter: ['REJECTED', 'CANCELLED'].includes(overrides.status ?? '') ? null : 10_000,
  };
}

export const accounts: BankAccount[] = [cashAccount(), bbvaAccount(250.5)];

export function page<T>(data: T[], pageNo = 1, size = 10, totalPages = 1): Paged<T> {
  return { data, page: pageNo, size, totalDocuments: data.length, totalPages, totalCapped: false };
}

export const ok = <T>(data: T) => ({ status: 'OK' as const, data });

/** The text of a row's cells as a desktop user reads them (phone-only parts removed). */
export function cellTexts(row: HTMLElement): string[] {
  return [...row.querySelectorAll('td')].map((cell) => {
    const copy = cell.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('[class*="mantine-hidden-from"]')) hidden.remove();
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
}
