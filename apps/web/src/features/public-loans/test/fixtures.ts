import type { LoanStatus, PublicLoanDetail, PublicLookupResult } from '@prestaya/contracts';

export const LOAN_ID = '7d1f2a8e-3b4c-4d5e-8f90-1a2b3c4d5e6f';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const installment = (n: number, status: 'PENDING' | 'DELAYED' = 'PENDING') => ({
  id: uuid(n),
  paymentNumber: n,
  concept: `Pago ${n} de 12`,
  dueDate: `2026-0${Math.min(9, n)}-15`,
  status,
  amount: 1000,
});

export const fee = (n: number) => ({
  id: uuid(100 + n),
  concept: `Multa por atraso ${n}`,
  feeDate: '2026-01-23',
  status: 'PENDING' as const,
  amount: 500.5,
});

/** The lookup's proof, as the server signs it. */
export const LOOKUP_PROOF = `1900000000.${'ab'.repeat(32)}`;

export function lookupResult(
  installments = [3, 1, 2].map((n) => installment(n, n === 1 ? 'DELAYED' : 'PENDING')),
  fees: ReturnType<typeof fee>[] = [],
  status: LoanStatus = 'ACTIVE',
): PublicLookupResult {
  return {
    loan: {
      id: LOAN_ID,
      num: 1001,
      name: 'María',
      lastName: 'López',
      secondLastName: 'Pérez',
      status,
      paymentReference: '1001-05',
    },
    pendingPayments: {
      scheduledPayments: installments,
      fees,
      total: [...installments, ...fees].reduce((s, i) => s + i.amount, 0),
    },
    proof: LOOKUP_PROOF,
  };
}

export const loanDetail: PublicLoanDetail = {
  loan: {
    id: LOAN_ID,
    num: 1001,
    amount: 10000,
    totalToRepay: 12000,
    currentBalance: 11000,
    inValidation: 0,
    balanceAfterValidation: 11000,
    requestDate: '2026-01-05',
    approvedOn: '2026-01-06T15:30:00.000Z',
    activatedOn: '2026-01-07T15:30:00.000Z',
    status: 'DELAYED',
    customer: { name: 'María', lastName: 'López', secondLastName: null },
    paymentReference: '1001-05',
  },
  fees: [{ ...fee(1), feeDate: '2026-01-23' }],
  schedulePayments: [
    { ...installment(2), dueDate: '2026-01-21' },
    { ...installment(1), dueDate: '2026-01-14', status: 'PAID' as never },
  ],
};

export const ok = (data: unknown) => ({ status: 'OK', data });
