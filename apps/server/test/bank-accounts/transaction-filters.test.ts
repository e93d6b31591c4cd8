import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountTransactions } from '../../src/db/schema/bank-accounts.ts';
import { bankAccountsApi } from '../support/api.ts';
import { createUserAndLogin, expectProblem, request, useAdmin, useTestApp } from '../support/app.ts';
import { downloadCsv, recordsOf } from '../support/csv.ts';

const context = useTestApp();
const api = () => bankAccountsApi(context.app);
const admin = useAdmin(context);

/**
 * An account whose ledger has, oldest first: 'Saldo inicial' (Depósito) on 2025-03-03 at 23:30 in
 * Mexico City (05:30 UTC on the 4th), a Retiro on the 4th and a Depósito on the 10th.
 */
async function ledger() {
  const account = await api().createOk(admin.token, { balance: 10_000 });
  for (const movement of [
    { withdrawal: 500, reason: 'Gasolina' },
    { deposit: 200, reason: 'Cambio' },
  ]) {
    const response = await api().move(admin.token, account.id, movement);
    expect(response.statusCode, response.body).toBe(200);
  }
  const { db } = context.database;
  const rows = await db
    .select({ id: accountTransactions.id })
    .from(accountTransactions)
    .where(eq(accountTransactions.accountId, account.id))
    .orderBy(accountTransactions.createdOn, accountTransactions.id);
  const instants = ['2025-03-04T05:30:00Z', '2025-03-04T18:00:00Z', '2025-03-10T18:00:00Z'];
  for (const [i, row] of rows.entries()) {
    await db
      .update(accountTransactions)
      .set({ createdOn: new Date(instants[i] ?? '') })
      .where(eq(accountTransactions.id, row.id));
  }
  return account;
}

const reasons = async (accountId: string, query: string) => {
  const page = await api().transactionsOk(admin.token, accountId, query);
  return page.data.map((t) => t.reason);
};

describe('GET /bank-accounts/{id}/transactions?q&from&to', () => {
  it('filters by operation type with q', async () => {
    const account = await ledger();
    expect(await reasons(account.id, '?q=DEPOSIT')).toEqual(['Cambio', 'Saldo inicial']);
    expect(await reasons(account.id, '?q=MANUAL_WITHDRAWAL')).toEqual(['Gasolina']);
    expect(await reasons(account.id, '?q=PAYMENT_DEPOSIT')).toEqual([]);
  });

  it('keeps the movements of the business days of the range, both ends included, with the type', async () => {
    const account = await ledger();
    expect(await reasons(account.id, '?from=2025-03-03&to=2025-03-03')).toEqual(['Saldo inicial']);
    expect(await reasons(account.id, '?from=2025-03-04')).toEqual(['Cambio', 'Gasolina']);
    expect(await reasons(account.id, '?to=2025-03-04')).toEqual(['Gasolina', 'Saldo inicial']);
    expect(await reasons(account.id, '?from=2025-03-01&to=2025-03-31&q=DEPOSIT')).toEqual([
      'Cambio',
      'Saldo inicial',
    ]);
    const page = await api().transactionsOk(admin.token, account.id, '?from=2025-03-04&size=1');
    expect(page).toMatchObject({ totalDocuments: 2, totalPages: 2 });
  });

  it('applies the same filters to the CSV export', async () => {
    const account = await ledger();
    const url = `/api/v1/bank-accounts/${account.id}/transactions/export.csv?q=DEPOSIT&from=2025-03-04`;
    const rows = recordsOf(await downloadCsv(context, admin.token, url, 'movimientos'));
    expect(rows.map((row) => [row.Tipo, row.Concepto, row.Fecha])).toEqual([
      ['Depósito', 'Cambio', '2025-03-10 12:00'],
    ]);
  });

  it.each([
    ['?q=DEPOSITO', 'q: Tipo de movimiento inválido'],
    ['?q=deposit', 'q: Tipo de movimiento inválido'],
    ['?from=2025-02-30', 'from: Fecha inválida, use AAAA-MM-DD'],
    ['?to=2100-01-01', 'to: La fecha debe estar entre 2000-01-01 y 2099-12-31'],
    ['?from=2025-03-05&to=2025-03-04', 'to: La fecha final debe ser igual o posterior a la inicial'],
    ['?from=2024-01-01&to=2025-01-01', 'to: El rango no puede ser mayor a 366 días'],
  ])('refuses %s with a Spanish 400, on the list and on the export', async (query, detail) => {
    const account = await api().createOk(admin.token, { balance: 0 });
    expectProblem(await api().transactions(admin.token, account.id, query), 400, detail);
    const url = `/api/v1/bank-accounts/${account.id}/transactions/export.csv${query}`;
    expectProblem(await request(context.app, { method: 'GET', url, token: admin.token }), 400, detail);
  });

  it('stays for administrators only', async () => {
    const account = await api().createOk(admin.token, { balance: 0 });
    const agent = await createUserAndLogin(context);
    expectProblem(
      await api().transactions(agent.token, account.id, '?q=DEPOSIT&from=2025-03-01'),
      403,
      'No tiene permisos para esta operación',
    );
  });
});
