import { type AccountMovement, bankAccount } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { bankAccountsKeys } from './keys.ts';

/**
 * PATCH /api/v1/bank-accounts/:id with `{withdrawal, reason}` (Retiro) or `{deposit, reason}`
 * (Depósito) → 200 envelope with the new balances; 409 when the balance is short.
 */
export const moveMoney = ({ id, body }: { id: string; body: AccountMovement }) =>
  apiData.patch(apiPaths.bankAccount(id), bankAccount.parse, body);

export const useMoveMoney = () =>
  useApiMutation(['bank-accounts', 'move'], moveMoney, { invalidates: [bankAccountsKeys.all] });
