import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of 'Cartera castigada'; the loans feature invalidates the root after a write-off. */
export const writeOffsKeys = {
  all: queryRoots.writeOffs,
  lists: () => [...writeOffsKeys.all, 'list'] as const,
  totals: () => [...writeOffsKeys.all, 'totals'] as const,
  settings: () => [...writeOffsKeys.all, 'settings'] as const,
};
