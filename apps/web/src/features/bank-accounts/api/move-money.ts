import type { AccountMovement, BankAccount, Envelope } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { bankAccountsKeys } from './keys.ts';

/**
 * PATCH /api/v1/bank-accounts/:id with `{withdrawal, reason}` (Retiro) or `{deposit, reason}`
 * (Depósito) → 200 envelope with the new balances; 409 when the balance is short.
 */
export async function moveMoney({ id, body }: { id: string; body: AccountMovement }): Promise<BankAccount> {
  const reply = await api.patch<Envelope<BankAccount>>(apiPaths.bankAccount(id), body);
  return reply.data;
}

export function useMoveMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bank-accounts', 'move'],
    mutationFn: moveMoney,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bankAccountsKeys.all });
    },
  });
}
