/** Query keys of 'Corte de caja'; invalidating `all` reloads every day shown. */
export const cashCloseKeys = {
  all: ['cash-close'] as const,
  day: (agentId: string | undefined, date: string | undefined) =>
    [...cashCloseKeys.all, 'day', agentId ?? 'self', date ?? 'today'] as const,
  agents: (term: string) => [...cashCloseKeys.all, 'agents', term] as const,
  accounts: () => [...cashCloseKeys.all, 'accounts'] as const,
};

/**
 * Other screens' caches a confirmation or a rejection changes, invalidated by key prefix so that no
 * feature imports another: the payments (list, details), loans and customers (balances, statuses) and
 * the accounts (each Abono).
 */
export const CHANGED_BY_DECISIONS = [
  cashCloseKeys.all,
  ['payments'],
  ['loans'],
  ['customers'],
  ['bank-accounts'],
] as const;
