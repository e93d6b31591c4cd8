import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of 'PLD'. */
export const amlKeys = {
  all: queryRoots.aml,
  matches: (status: string) => [...amlKeys.all, 'matches', status] as const,
  lists: () => [...amlKeys.all, 'lists'] as const,
  settings: () => [...amlKeys.all, 'settings'] as const,
  relevant: (year: number, quarter: number) => [...amlKeys.all, 'relevant', year, quarter] as const,
  cases: () => [...amlKeys.all, 'cases'] as const,
};
