import type { BankAccount, Paged, PagedQuery } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** GET /api/v1/bank-accounts?page&size&query&orderBy&order (admin). */
export function getBankAccounts(params: PagedQuery): Promise<Paged<BankAccount>> {
  return api.get<Paged<BankAccount>>(apiPaths.bankAccounts, { ...params });
}
