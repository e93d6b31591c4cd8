import { type BankAccount, bankAccount, type Paged, type PagedQuery, paged } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

const readBankAccountPage = paged(bankAccount).parse;

/** GET /api/v1/bank-accounts?page&size&query&orderBy&order (admin). */
export function getBankAccounts(params: PagedQuery): Promise<Paged<BankAccount>> {
  return api.get(apiPaths.bankAccounts, readBankAccountPage, { ...params });
}
