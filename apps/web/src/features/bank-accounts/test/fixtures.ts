import type { AccountTransaction, BankAccount, Paged } from '@prestaya/contracts';
import { ACCOUNT_ID, bbvaAccount, cashAccount, OTHER_ACCOUNT_ID } from '../../../test/fixtures.ts';

export { ACCOUNT_ID, OTHER_ACCOUNT_ID };

export const account: BankAccount = cashAccount();

export const otherAccount: BankAccount = bbvaAccount(250.5);

export function page<T>(data: T[], pageNo = 1, totalPages = 1, size = 20): Paged<T> {
  return { data, page: pageNo, size, totalDocuments: data.length, totalPages, totalCapped: false };
}

/** Local 14:05:09 on 15 Jan 2026 (the screen shows local time). */
export const LOCAL_CREATED_ON = new Date(2026, 0, 15, 14, 5, 9).toISOString();

const tx = (n: number, t: Omit<AccountTransaction, 'id' | 'createdOn'>): AccountTransaction => ({
  id: `0190a0c0-0000-7000-8000-00000000${String(n).padStart(4, '0')}`,
  createdOn: LOCAL_CREATED_ON,
  ...t,
});

/** A consistent ledger (each row starts where the previous one ended), newest first as the server sends it. */
export const transactions: AccountTransaction[] = [
  tx(6, {
    operationType: 'RELEASE',
    amount: 1_000,
    initialBalance: 3_000,
    initialRealBalance: 4_000,
    endBalance: 4_000,
    endRealBalance: 4_000,
    reason: null,
  }),
  tx(5, {
    operationType: 'PAYMENT_DEPOSIT',
    amount: 1_000,
    initialBalance: 2_000,
    initialRealBalance: 3_000,
    endBalance: 3_000,
    endRealBalance: 4_000,
    reason: null,
  }),
  tx(4, {
    operationType: 'WITHDRAWAL',
    amount: 2_000,
    initialBalance: 2_000,
    initialRealBalance: 5_000,
    endBalance: 2_000,
    endRealBalance: 3_000,
    reason: null,
  }),
  tx(3, {
    operationType: 'VIRTUAL_WITHDRAWAL',
    amount: 3_000,
    initialBalance: 5_000,
    initialRealBalance: 5_000,
    endBalance: 2_000,
    endRealBalance: 5_000,
    reason: null,
  }),
  tx(2, {
    operationType: 'MANUAL_WITHDRAWAL',
    amount: 5_000,
    initialBalance: 10_000,
    initialRealBalance: 10_000,
    endBalance: 5_000,
    endRealBalance: 5_000,
    reason: 'Renta del local',
  }),
  tx(1, {
    operationType: 'DEPOSIT',
    amount: 10_000,
    initialBalance: 0,
    initialRealBalance: 0,
    endBalance: 10_000,
    endRealBalance: 10_000,
    reason: 'Saldo inicial',
  }),
];

/** The account whose ledger that is. */
export const ledgerAccount: BankAccount = { ...account, balance: 4_000, realBalance: 4_000 };
