import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { bankAccountsApi } from '../support/api.ts';
import { expectProblem, useAdmin, useTestApp } from '../support/app.ts';
import { rowsOf } from '../support/database.ts';
import { expectLedgerInvariant } from '../support/ledger-invariant.ts';
import { countOf } from '../support/records.ts';

const context = useTestApp();

const api = () => bankAccountsApi(context.app);

const admin = useAdmin(context);

/** Everything a refused operation must leave untouched. */
async function snapshot(id: string) {
  const account = (await api().get(admin.token, id)).json().data;
  return {
    balance: account.balance,
    realBalance: account.realBalance,
    transactions: await countOf(context, 'account_transactions'),
    audit: await countOf(context, 'audit_log'),
  };
}

describe('withdrawals and deposits', () => {
  it('a withdrawal lowers both balances, a deposit raises both; each is one transaction', async () => {
    const account = await api().createOk(admin.token, { balance: 10_000 });

    const withdrawn = await api().move(admin.token, account.id, { withdrawal: 1_500.5, reason: 'Gasolina' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({
      status: 'OK',
      data: { ...account, balance: 8_499.5, realBalance: 8_499.5 },
    });
    await expectLedgerInvariant(context.database.db);

    const deposited = await api().move(admin.token, account.id, { deposit: 0.5, reason: '  Cambio  ' });
    expect(deposited.statusCode, deposited.body).toBe(200);
    expect(deposited.json().data).toMatchObject({ balance: 8_500, realBalance: 8_500 });
    expect(await expectLedgerInvariant(context.database.db)).toBe(3);

    // The whole available balance can be withdrawn, and then not a centavo more.
    const emptied = await api().move(admin.token, account.id, { withdrawal: 8_500, reason: 'Cierre' });
    expect(emptied.json().data).toMatchObject({ balance: 0, realBalance: 0 });
    await expectLedgerInvariant(context.database.db);
    const before = await snapshot(account.id);
    expectProblem(
      await api().move(admin.token, account.id, { withdrawal: 0.01, reason: 'x' }),
      409,
      'Saldo insuficiente: disponible $0.00',
    );
    expect(await snapshot(account.id)).toEqual(before);

    const audit = rowsOf<{ action: string }>(
      await context.database.db.execute(
        sql`select action from audit_log where entity = 'bank_account' order by at, id`,
      ),
    ).map((a) => a.action);
    expect(audit.filter((a) => a === 'movement_manual_withdrawal')).toHaveLength(2);
    expect(audit.filter((a) => a === 'movement_deposit')).toHaveLength(2); // Saldo inicial + Cambio
  });

  it('refuses a withdrawal above the balance, zero, negative or with fractional centavos, changing nothing', async () => {
    const account = await api().createOk(admin.token, { balance: 1_000 });
    await api().move(admin.token, account.id, { withdrawal: 100, reason: 'Papelería' });
    const before = await snapshot(account.id);
    expect(before).toMatchObject({ balance: 900, realBalance: 900, transactions: 2 });

    const refusals: [unknown, number, string | RegExp][] = [
      [{ withdrawal: 900.01, reason: 'x' }, 409, 'Saldo insuficiente: disponible $900.00'],
      [{ withdrawal: 5_000, reason: 'x' }, 409, 'Saldo insuficiente: disponible $900.00'],
      [{ withdrawal: 0, reason: 'x' }, 400, 'withdrawal: El monto debe ser mayor a 0'],
      [{ withdrawal: -50, reason: 'x' }, 400, 'withdrawal: El monto debe ser mayor a 0'],
      [{ withdrawal: 10.001, reason: 'x' }, 400, 'withdrawal: El monto admite como máximo 2 decimales'],
      [{ withdrawal: '10', reason: 'x' }, 400, 'body: withdrawal: Debe ser un monto en pesos'],
      [{ withdrawal: 10 }, 400, 'body: reason: El concepto es requerido'],
      [{ withdrawal: 10, reason: '   ' }, 400, 'reason: El concepto es requerido'],
      [{ withdrawal: 10, deposit: 10, reason: 'x' }, 400, 'body: Envíe withdrawal o deposit, no ambos'],
      [{ amount: 10, reason: 'x' }, 400, 'body: Envíe {withdrawal, reason} o {deposit, reason}'],
      [{ deposit: 0, reason: 'x' }, 400, 'deposit: El monto debe ser mayor a 0'],
      [{ deposit: -1, reason: 'x' }, 400, 'deposit: El monto debe ser mayor a 0'],
      [{ deposit: 1.999, reason: 'x' }, 400, 'deposit: El monto admite como máximo 2 decimales'],
      [{ deposit: 100_000_000.01, reason: 'x' }, 400, 'deposit: El monto es demasiado grande'],
    ];
    for (const [payload, status, detail] of refusals) {
      expectProblem(await api().move(admin.token, account.id, payload), status, detail);
      expect(await snapshot(account.id), JSON.stringify(payload)).toEqual(before);
      await expectLedgerInvariant(context.database.db);
    }
    expectProblem(
      await api().move(admin.token, uuidv7(), { withdrawal: 1, reason: 'x' }),
      404,
      'Cuenta bancaria no encontrada',
    );
    expectProblem(
      await api().move(admin.token, 'nope', { withdrawal: 1, reason: 'x' }),
      400,
      'id: Identificador inválido',
    );
    expect(await snapshot(account.id)).toEqual(before);
  });
});

describe('the account ledger', () => {
  it('lists transactions newest first with the balances before and after each', async () => {
    const account = await api().createOk(admin.token, { balance: 50_000 });
    const other = await api().createOk(admin.token, { name: 'Otra', balance: 7 });
    await api().move(admin.token, account.id, { withdrawal: 1_500.5, reason: 'Renta' });
    await api().move(admin.token, other.id, { deposit: 3, reason: 'Otra cuenta' });
    await api().move(admin.token, account.id, { deposit: 500, reason: 'Reembolso' });
    await expectLedgerInvariant(context.database.db);

    const list = await api().transactionsOk(admin.token, account.id);
    expect(list).toMatchObject({ page: 1, totalDocuments: 3, totalPages: 1 });
    expect(list.data.map(({ id: _id, createdOn: _c, ...t }) => t)).toEqual([
      {
        operationType: 'DEPOSIT',
        amount: 500,
        initialBalance: 48_499.5,
        initialRealBalance: 48_499.5,
        endBalance: 48_999.5,
        endRealBalance: 48_999.5,
        reason: 'Reembolso',
      },
      {
        operationType: 'MANUAL_WITHDRAWAL',
        amount: 1_500.5,
        initialBalance: 50_000,
        initialRealBalance: 50_000,
        endBalance: 48_499.5,
        endRealBalance: 48_499.5,
        reason: 'Renta',
      },
      {
        operationType: 'DEPOSIT',
        amount: 50_000,
        initialBalance: 0,
        initialRealBalance: 0,
        endBalance: 50_000,
        endRealBalance: 50_000,
        reason: 'Saldo inicial',
      },
    ]);
    const times = list.data.map((t) => Date.parse(t.createdOn));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Paging keeps the order; the client's default `order=asc` does not flip it, an explicit orderBy does.
    const page1 = await api().transactionsOk(admin.token, account.id, '?size=2&page=1&order=asc');
    const page2 = await api().transactionsOk(admin.token, account.id, '?size=2&page=2');
    expect([...page1.data, ...page2.data].map((t) => t.id)).toEqual(list.data.map((t) => t.id));
    expect(page1).toMatchObject({ totalDocuments: 3, totalPages: 2 });
    const oldestFirst = await api().transactionsOk(admin.token, account.id, '?orderBy=createdOn&order=asc');
    expect(oldestFirst.data.map((t) => t.id)).toEqual([...list.data].reverse().map((t) => t.id));
    expectProblem(await api().transactions(admin.token, account.id, '?orderBy=amount'), 400, /^orderBy: /);

    expect((await api().transactionsOk(admin.token, other.id)).totalDocuments).toBe(2);
    expectProblem(await api().transactions(admin.token, uuidv7()), 404, 'Cuenta bancaria no encontrada');
    expectProblem(await api().transactions(admin.token, 'x'), 400, 'id: Identificador inválido');
  });

  it('reads one transaction; a transaction of another account is 404', async () => {
    const account = await api().createOk(admin.token, { balance: 100 });
    const other = await api().createOk(admin.token, { name: 'Otra', balance: 50 });
    await api().move(admin.token, account.id, { withdrawal: 40, reason: 'Taxi' });
    const [withdrawal] = (await api().transactionsOk(admin.token, account.id)).data;
    const [otherOpening] = (await api().transactionsOk(admin.token, other.id)).data;
    if (!withdrawal || !otherOpening) throw new Error('faltan transacciones');

    const response = await api().transaction(admin.token, account.id, withdrawal.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'OK', data: withdrawal });
    expect(withdrawal).toMatchObject({ operationType: 'MANUAL_WITHDRAWAL', amount: 40, reason: 'Taxi' });

    expectProblem(
      await api().transaction(admin.token, account.id, otherOpening.id),
      404,
      'Transacción no encontrada',
    );
    expectProblem(
      await api().transaction(admin.token, uuidv7(), withdrawal.id),
      404,
      'Cuenta bancaria no encontrada',
    );
    expectProblem(
      await api().transaction(admin.token, account.id, 'abc'),
      400,
      'transactionId: Identificador inválido',
    );
    await expectLedgerInvariant(context.database.db);
  });
});
