import type { CollectionTab } from '@prestaya/contracts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** What one Cobranza list shows: a tab, an agent (administrators; absent = 'Todos') and a search. */
export interface CollectionsParams {
  tab: CollectionTab;
  agentId?: string;
  query?: string;
}

/** Query keys of Cobranza; invalidating `all` reloads every tab. Lists are per signed-in user. */
export const collectionsKeys = {
  all: queryRoots.collections,
  list: (userId: string, params: CollectionsParams) =>
    [...collectionsKeys.all, 'list', userId, params] as const,
  remaining: (loanId: string) => [...collectionsKeys.all, 'remaining', loanId] as const,
  /** 'Semana': `week` undefined is this week. */
  week: (userId: string, week: string | undefined, page: number) =>
    [...collectionsKeys.all, 'week', userId, week ?? 'current', page] as const,
};

/** What a registered payment makes stale besides Cobranza: loans, customers and payment lists. */
export const PAYMENT_CHANGE_KEYS = [
  collectionsKeys.all,
  queryRoots.loans,
  queryRoots.customers,
  queryRoots.payments,
] as const;
