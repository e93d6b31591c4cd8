import { apiPaths } from '../../../lib/paths.ts';
import { loansKeys } from './keys.ts';

/** The loan-scoped payment data lives under the loans root key: a loan change reloads it too. */
export const loanPaymentsKeys = {
  pending: (loanId: string) => [...loansKeys.all, 'pending-payments', loanId] as const,
  fees: (loanId: string) => [...loansKeys.all, 'fees', loanId] as const,
  payments: (loanId: string) => [...loansKeys.all, 'payments', loanId] as const,
};

export const pendingPaymentsPath = apiPaths.loanPendingPayments;
export const loanFeesPath = (loanId: string) => `${apiPaths.loan(loanId)}/fees`;
export const loanFeePath = (loanId: string, feeId: string) =>
  `${loanFeesPath(loanId)}/${encodeURIComponent(feeId)}`;
export const loanPaymentsPath = apiPaths.loanPayments;
