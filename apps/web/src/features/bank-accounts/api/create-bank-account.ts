import { type BankAccountCreate, bankAccount } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { bankAccountsKeys } from './keys.ts';

/** POST /api/v1/bank-accounts → 201 envelope; the opening balance becomes a 'Saldo inicial' deposit. */
export const createBankAccount = (body: BankAccountCreate) =>
  apiData.post(apiPaths.bankAccounts, bankAccount.parse, body);

export const useCreateBankAccount = () =>
  useApiMutation(['bank-accounts', 'create'], createBankAccount, { invalidates: [bankAccountsKeys.all] });
