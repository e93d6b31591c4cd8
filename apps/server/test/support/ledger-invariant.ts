import type { AccountOperationType } from '@prestaya/contracts';
import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppDb } from '../../src/db/client.ts';
import { accountTransactions, bankAccounts } from '../../src/db/schema/bank-accounts.ts';

/**
 * docs/architecture.md "Loan lifecycle and the cash ledger", written out again here on purpose (not imported
 * from @prestaya/domain ledger.ts) so the check does not trust the code it checks: sign of each type's effect on
 * the available balance and on the real balance.
 */
const EFFECTS: Record<AccountOperationType, [balance: number, real: number]> = {
  MANUAL_WITHDRAWAL: [-1, -1],
  DEPOSIT: [1, 1],
  VIRTUAL_WITHDRAWAL: [-1, 0],
  WITHDRAWAL: [0, -1],
  RELEASE: [1, 0],
  PAYMENT_DEPOSIT: [1, 1],
};

/**
 * The ledger invariant, for EVERY account in the database:
 * - balance = Σ signed effects of its transactions on the balance, realBalance likewise (opening
 *   values are 0: an opening balance is itself a DEPOSIT 'Saldo inicial');
 * - in (created_on, id) order, the first transaction starts at 0/0, each one's end balances are the
 *   next one's initial balances, and the last one's end balances are the account's balances;
 * - each row's end − initial is exactly its type's effect of its amount; 0 ≤ balance ≤ real throughout.
 * Returns the number of transactions checked.
 */
export async function expectLedgerInvariant(db: AppDb): Promise<number> {
  const accounts = await db.select().from(bankAccounts);
  const rows = await db
    .select()
    .from(accountTransactions)
    .orderBy(asc(accountTransactions.createdOn), asc(accountTransactions.id));
  const known = new Set(accounts.map((a) => a.id));
  for (const row of rows) expect(known.has(row.accountId), `transacción ${row.id} sin cuenta`).toBe(true);

  for (const account of accounts) {
    const label = `cuenta ${account.name} (${account.id})`;
    let balance = 0;
    let real = 0;
    for (const row of rows.filter((r) => r.accountId === account.id)) {
      const effect = EFFECTS[row.operationType as AccountOperationType];
      expect(effect, `${label}: tipo ${row.operationType}`).toBeDefined();
      const [sb, sr] = effect ?? [0, 0];
      expect(row.amountCents, `${label}: monto de ${row.id}`).toBeGreaterThan(0);
      expect(
        { balance: row.initialBalanceCents, real: row.initialRealBalanceCents },
        `${label}: saldos iniciales de ${row.id} = finales de la anterior`,
      ).toEqual({ balance, real });
      balance += sb * row.amountCents;
      real += sr * row.amountCents;
      expect(
        { balance: row.endBalanceCents, real: row.endRealBalanceCents },
        `${label}: saldos finales de ${row.id}`,
      ).toEqual({ balance, real });
      expect(balance, `${label}: saldo negativo tras ${row.id}`).toBeGreaterThanOrEqual(0);
      expect(real, `${label}: saldo real menor al disponible tras ${row.id}`).toBeGreaterThanOrEqual(balance);
    }
    expect(
      { balance: account.balanceCents, real: account.realBalanceCents },
      `${label}: saldos = Σ transacciones`,
    ).toEqual({ balance, real });
  }
  return rows.length;
}
