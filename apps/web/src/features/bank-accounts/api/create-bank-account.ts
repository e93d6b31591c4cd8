import type { BankAccount, BankAccountCreate, Envelope } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { bankAccountsKeys } from './keys.ts';

/** POST /api/v1/bank-accounts → 201 envelope; the opening balance becomes a 'Saldo inicial' deposit. */
export async function createBankAccount(body: BankAccountCreate): Promise<BankAccount> {
  const reply = await api.post<Envelope<BankAccount>>(apiPaths.bankAccounts, body);
  return reply.data;
}

export function useCreateBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bank-accounts', 'create'],
    mutationFn: createBankAccount,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bankAccountsKeys.all });
    },
  });
}
