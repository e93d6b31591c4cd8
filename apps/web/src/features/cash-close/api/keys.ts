import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of 'Corte de caja'; invalidating `all` reloads every day shown. */
export const cashCloseKeys = {
  all: queryRoots.cashClose,
  day: (agentId: string | undefined, date: string | undefined) =>
    [...cashCloseKeys.all, 'day', agentId ?? 'self', date ?? 'today'] as const,
  /** An agent's closes ('Historial de cortes'); the page parameters are appended by the table. */
  history: (agentId: string) => [...cashCloseKeys.all, 'history', agentId] as const,
};

/**
 * What a confirmation or a rejection makes stale besides the corte: the payments (list, details), loans
 * and customers (balances, statuses) and the accounts (each Abono).
 */
export const CHANGED_BY_DECISIONS = [
  cashCloseKeys.all,
  queryRoots.payments,
  queryRoots.loans,
  queryRoots.customers,
  queryRoots.bankAccounts,
] as const;
