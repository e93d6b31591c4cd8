import type { BankAccount, Loan, LoanStatus, Paged, ScheduledPayment } from '@prestaya/contracts';
import {
  ACCOUNT_ID,
  ADMIN_ID,
  AGENT_ID,
  adminLogin,
  agentLogin,
  bbvaAccount,
  CUSTOMER_ID,
  cashAccount,
  OTHER_ACCOUNT_ID,
} from '../../../test/fixtures.ts';
import { json } from '../../../test/utils.tsx';

export { ACCOUNT_ID, ADMIN_ID, AGENT_ID, adminLogin, agentLogin, CUSTOMER_ID, OTHER_ACCOUNT_ID };

const STATUS_IDS: Record<LoanStatus, string> = {
  PENDING: '0190a0c0-0000-7000-8000-0000000001a1',
  APPROVED: '0190a0c0-0000-7000-8000-0000000001a2',
  ACTIVE: '0190a0c0-0000-7000-8000-0000000001a3',
  PAID: '0190a0c0-0000-7000-8000-0000000001a4',
  DELAYED: '0190a0c0-0000-7000-8000-0000000001a5',
  CANCELLED: '0190a0c0-0000-7000-8000-0000000001a6',
  WRITTEN_OFF: '0190a0c0-0000-7000-8000-0000000001a7',
};

const NUMS: Record<LoanStatus, number> = {
  PENDING: 1000,
  APPROVED: 1001,
  ACTIVE: 1002,
  PAID: 1003,
  DELAYED: 1004,
  CANCELLED: 1005,
  WRITTEN_OFF: 1006,
};

/** A $10,000 loan as the server sends it (20% interest: 12 × $1,000.00), in the given status. */
export function loanIn(status: LoanStatus, overrides: Partial<Loan> = {}): Loan {
  const delivered =
    status === 'ACTIVE' || status === 'PAID' || status === 'DELAYED' || status === 'WRITTEN_OFF';
  const approved = delivered || status === 'APPROVED';
  return {
    id: STATUS_IDS[status],
    num: NUMS[status],
    amount: 10_000,
    term: 12,
    status,
    dailyFee: 50,
    weeklyFee: 1_000,
    interestRate: 0.2,
    totalToRepay: 12_000,
    installmentAmount: 1_000,
    loanFromPast: false,
    requestDate: '2026-03-02',
    createdOn: '2026-03-02T16:00:00.000Z',
    approvedOn: approved ? '2026-03-03T16:00:00.000Z' : null,
    activatedOn: delivered ? '2026-03-04T16:00:00.000Z' : null,
    currentRealAmount: delivered ? 12_000 : 0,
    currentBalance: delivered ? 11_000 : 0,
    customer: { id: CUSTOMER_ID, name: 'José', lastName: 'Gómez', secondLastName: 'Núñez' },
    bankAccount: approved ? { id: ACCOUNT_ID, name: 'Caja Principal' } : null,
    restructureCount: 0,
    restructuredOn: null,
    ...overrides,
  };
}

export const ALL_STATUSES: LoanStatus[] = ['PENDING', 'APPROVED', 'ACTIVE', 'PAID', 'DELAYED', 'CANCELLED'];

export function page<T>(data: T[], pageNo = 1, size = 10): Paged<T> {
  return {
    data,
    page: pageNo,
    size,
    totalDocuments: data.length,
    totalPages: data.length ? 1 : 0,
    totalCapped: false,
  };
}

export const ok = (status: number, data: unknown) => json(status, { status: 'OK', data });

/** The 12 installments of a delivered $10,000 loan, due weekly from 11/03/2026. */
export function scheduleOf(loan: Loan): ScheduledPayment[] {
  return Array.from({ length: 12 }, (_, i) => {
    const due = new Date(Date.UTC(2026, 2, 11 + 7 * i)).toISOString().slice(0, 10);
    return {
      id: `0190a0c0-0000-7000-8000-0000000002${String(i + 10).padStart(2, '0')}`,
      paymentNumber: i + 1,
      dueDate: due,
      amount: loan.installmentAmount,
      status: i === 0 ? 'PAID' : 'PENDING',
      concept: `Pago ${i + 1} de 12`,
    };
  });
}

export const accounts: BankAccount[] = [
  cashAccount({ balance: 50_000, realBalance: 50_000 }),
  bbvaAccount(2_500.5),
];

/**
 * The text of each cell of a table row as a desktop user reads it: jsdom applies no CSS, so the
 * phone-only parts (Mantine `hiddenFrom`) are left out by hand.
 */
export function visibleCells(row: HTMLElement): string[] {
  return [...row.querySelectorAll('td')].map((cell) => {
    const copy = cell.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('[class*="mantine-hidden-from"]')) hidden.remove();
    return (copy.textContent ?? '').trim();
  });
}
