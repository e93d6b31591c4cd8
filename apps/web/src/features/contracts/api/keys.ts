import { queryRoots } from '../../../lib/query-keys.ts';

/**
 * A loan's documents live under the loans root, so whatever reloads a loan (a delivery, an upload of
 * its signed copy) reloads them too; templates and the policy under their own root.
 */
export const contractsKeys = {
  loanContract: (loanId: string) => [...queryRoots.loans, 'contract', loanId] as const,
  templates: () => [...queryRoots.contracts, 'templates'] as const,
  settings: () => [...queryRoots.contracts, 'settings'] as const,
};
