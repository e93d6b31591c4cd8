import type { PageWindow } from '../../../components/PagedCards.tsx';
import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of 'PLD'. A list's key is the prefix of its pages': invalidating it reloads the page shown. */
export const amlKeys = {
  all: queryRoots.aml,
  matches: (status: string) => [...amlKeys.all, 'matches', status] as const,
  matchPage: (status: string, page: PageWindow) => [...amlKeys.matches(status), page] as const,
  lists: () => [...amlKeys.all, 'lists'] as const,
  settings: () => [...amlKeys.all, 'settings'] as const,
  relevant: (year: number, quarter: number) => [...amlKeys.all, 'relevant', year, quarter] as const,
  cases: () => [...amlKeys.all, 'cases'] as const,
  casePage: (page: PageWindow) => [...amlKeys.cases(), page] as const,
};
