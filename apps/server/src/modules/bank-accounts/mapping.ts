import {
  type AccountOperationType,
  type AccountTransaction,
  type BankAccount,
  centsToPesos,
  pesosToCents,
} from '@prestaya/contracts';
import type { AccountTransactionRow, BankAccountRow } from '../../db/schema/bank-accounts.ts';
import { refuse } from '../../http/refusals.ts';

/** The API shape of an account: centavos become pesos here and only here. */
export function toBankAccountDto(row: BankAccountRow): BankAccount {
  return {
    id: row.id,
    name: row.name,
    bankName: row.bankName,
    cardNumber: row.cardNumber,
    clabe: row.clabe,
    customerName: row.customerName,
    balance: centsToPesos(row.balanceCents),
    realBalance: centsToPesos(row.realBalanceCents),
    createdOn: row.createdOn.toISOString(),
  };
}

export function toAccountTransactionDto(row: AccountTransactionRow): AccountTransaction {
  return {
    id: row.id,
    createdOn: row.createdOn.toISOString(),
    operationType: row.operationType as AccountOperationType,
    amount: centsToPesos(row.amountCents),
    initialBalance: centsToPesos(row.initialBalanceCents),
    initialRealBalance: centsToPesos(row.initialRealBalanceCents),
    endBalance: centsToPesos(row.endBalanceCents),
    endRealBalance: centsToPesos(row.endRealBalanceCents),
    reason: row.reason,
  };
}

/** Pesos already validated by the contracts (≤ 2 decimals, in range); a RangeError here is still a 400. */
export function toCents(field: string, pesos: number): number {
  try {
    return pesosToCents(pesos);
  } catch {
    throw refuse('money.invalid_amount', { field });
  }
}
