import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeEach, describe, expect, it } from 'vitest';
import { bankAccountsApi } from '../support/api.ts';
import { createAdmin, createUserAndLogin, expectProblem, type TestUser, useTestApp } from '../support/app.ts';
import { newAccount, VALID_CLABE } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { expectLedgerInvariant } from '../support/ledger-invariant.ts';

const context = useTestApp();
const api = () => bankAccountsApi(context.app);
let admin: TestUser;

beforeEach(async () => {
  admin = await createAdmin(context);
});

async function count(table: 'account_transactions' | 'audit_log' | 'bank_accounts'): Promise<number> {
  const result = await context.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return rowsOf<{ n: number }>(result)[0]?.n ?? -1;
}

/** Everything a refused operation must leave untouched. */
async function snapshot(id: string) {
  const account = (await api().get(admin.token, id)).json().data;
  return {
    balance: account.balance,
    realBalance: account.realBalance,
    transactions: await count('account_transactions'),
    audit: await count('audit_log'),
  };
}

describe('access to /api/v1/bank-accounts', () => {
  it('is 401 for anonymous callers and 403 for agents on every endpoint', async () => {
    const agent = await createUserAndLogin(context, { roles: ['ROLE_USER'] });
    const account = await api().createOk(admin.token);
    const [first] = (await api().transactionsOk(admin.token, account.id)).data;
    const calls = (token: string) => [
      api().list(token),
      api().create(token, newAccount()),
      api().get(token, account.id),
      api().move(token, account.id, { withdrawal: 1, reason: 'x' }),
      api().move(token, account.id, { deposit: 1, reason: 'x' }),
      api().transactions(token, account.id),
      api().transaction(token, account.id, first?.id ?? uuidv7()),
    ];
    for (const response of await Promise.all(calls(''))) {
      expectProblem(response, 401, 'Sesión inválida o expirada');
    }
    for (const response of await Promise.all(calls(agent.token))) {
      expectProblem(response, 403, 'No tiene permisos para esta operación');
    }
    expect(await count('bank_accounts')).toBe(1);
    expect((await api().get(admin.token, account.id)).json().data.balance).toBe(10_000);
    await expectLedgerInvariant(context.database.db);
  });
});

describe('creating an account', () => {
  it('records the opening balance as a DEPOSIT "Saldo inicial" and audits it', async () => {
    const response = await api().create(admin.token, newAccount({ balance: 50_000.5 }));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      status: 'OK',
      data: {
        id: expect.any(String),
        name: 'Caja Principal',
        bankName: 'Banamex',
        cardNumber: '4152313412345678',
        clabe: VALID_CLABE,
        customerName: 'Lucía Núñez',
        balance: 50_000.5,
        realBalance: 50_000.5,
        createdOn: expect.any(String),
      },
    });
    const account = body.data;
    const transactions = await api().transactionsOk(admin.token, account.id);
    expect(transactions.data).toEqual([
      {
        id: expect.any(String),
        createdOn: expect.any(String),
        operationType: 'DEPOSIT',
        amount: 50_000.5,
        initialBalance: 0,
        initialRealBalance: 0,
        endBalance: 50_000.5,
        endRealBalance: 50_000.5,
        reason: 'Saldo inicial',
      },
    ]);
    expect(await expectLedgerInvariant(context.database.db)).toBe(1);

    const audit = rowsOf<{ action: string; user_id: string; after: Record<string, unknown> }>(
      await context.database.db.execute(
        sql`select action, user_id, after from audit_log where entity = 'bank_account' order by at, id`,
      ),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['created', 'movement_deposit']);
    expect(audit.every((a) => a.user_id === admin.id)).toBe(true);
    expect(audit.find((a) => a.action === 'created')?.after).toMatchObject({
      name: 'Caja Principal',
      balance: 50_000.5,
    });
  });

  it('writes no transaction for an opening balance of 0; card and CLABE may be blank', async () => {
    const account = await api().createOk(admin.token, {
      name: 'Caja chica',
      bankName: 'Efectivo',
      cardNumber: '',
      clabe: '',
      balance: 0,
    });
    expect(account).toMatchObject({ cardNumber: null, clabe: null, balance: 0, realBalance: 0 });
    const withoutBalance = await api().createOk(admin.token, { balance: undefined, cardNumber: undefined });
    expect(withoutBalance).toMatchObject({ balance: 0, cardNumber: null });
    expect(await count('account_transactions')).toBe(0);
    expect((await api().transactionsOk(admin.token, account.id)).data).toEqual([]);
    expect(await expectLedgerInvariant(context.database.db)).toBe(0);
  });

  it('refuses a CLABE with a wrong check digit, naming the field with the contract message', async () => {
    const body = expectProblem(
      await api().create(admin.token, newAccount({ clabe: '002010077777777772' })),
      400,
      'clabe: La CLABE no es válida (dígito verificador incorrecto)',
    );
    expect(body.errors).toEqual([
      { field: 'clabe', message: 'La CLABE no es válida (dígito verificador incorrecto)' },
    ]);
    expectProblem(
      await api().create(admin.token, newAccount({ clabe: '12345' })),
      400,
      /^clabe: La CLABE debe ser de 18 dígitos/,
    );
    expect(await count('bank_accounts')).toBe(0);
  });

  it('refuses a card number that is not 16 digits, a blank name and a negative or fractional-centavo balance', async () => {
    expectProblem(
      await api().create(admin.token, newAccount({ cardNumber: '415231341234567' })),
      400,
      'cardNumber: La tarjeta debe ser de 16 dígitos',
    );
    expectProblem(
      await api().create(admin.token, newAccount({ cardNumber: '4152 3134 1234 5678' })),
      400,
      'cardNumber: La tarjeta debe ser de 16 dígitos',
    );
    expectProblem(
      await api().create(admin.token, newAccount({ name: '   ' })),
      400,
      'name: El nombre es requerido',
    );
    expectProblem(
      await api().create(admin.token, newAccount({ balance: -1 })),
      400,
      'balance: El saldo inicial no puede ser negativo',
    );
    expectProblem(
      await api().create(admin.token, newAccount({ balance: 10.001 })),
      400,
      'balance: El monto admite como máximo 2 decimales',
    );
    expectProblem(await api().create(admin.token, newAccount({ balance: '100' })), 400, /^balance: /);
    expect(await count('bank_accounts')).toBe(0);
    expect(await count('account_transactions')).toBe(0);
  });
});

describe('listing and reading accounts', () => {
  it('pages, sorts by name by default (accent-insensitive) and searches name, bank and holder', async () => {
    await api().createOk(admin.token, {
      name: 'Ñandú',
      bankName: 'BBVA',
      customerName: 'Pedro Gómez',
      balance: 5,
    });
    await api().createOk(admin.token, {
      name: 'Caja',
      bankName: 'Efectivo',
      customerName: 'Oficina',
      balance: 300,
    });
    await api().createOk(admin.token, {
      name: 'Ahorro',
      bankName: 'Banamex',
      customerName: 'Lucía Núñez',
      balance: 20,
    });

    const all = (await api().list(admin.token, '?size=20')).json();
    expect(all).toMatchObject({ page: 1, size: 20, totalDocuments: 3, totalPages: 1 });
    expect(all.data.map((a: { name: string }) => a.name)).toEqual(['Ahorro', 'Caja', 'Ñandú']);

    const page2 = (await api().list(admin.token, '?size=2&page=2')).json();
    expect(page2).toMatchObject({ page: 2, size: 2, totalDocuments: 3, totalPages: 2 });
    expect(page2.data.map((a: { name: string }) => a.name)).toEqual(['Ñandú']);

    const names = async (query: string) =>
      (await api().list(admin.token, query)).json().data.map((a: { name: string }) => a.name);
    expect(await names('?query=nunez')).toEqual(['Ahorro']);
    expect(await names('?query=BBVA')).toEqual(['Ñandú']);
    expect(await names('?query=gomez')).toEqual(['Ñandú']);
    expect(await names('?query=nandu')).toEqual(['Ñandú']);
    expect(await names('?query=zzz')).toEqual([]);
    expect(await names('?orderBy=balance&order=desc')).toEqual(['Caja', 'Ahorro', 'Ñandú']);
    expect(await names('?orderBy=realBalance')).toEqual(['Ñandú', 'Ahorro', 'Caja']);
    expect(await names('?orderBy=bankName')).toEqual(['Ahorro', 'Ñandú', 'Caja']);
    expectProblem(
      await api().list(admin.token, '?orderBy=balance_cents'),
      400,
      /^orderBy: No se puede ordenar/,
    );
    expectProblem(await api().list(admin.token, '?size=101'), 400, /^size: /);
  });

  it('reads one account; 404 when unknown, 400 for a malformed id', async () => {
    const account = await api().createOk(admin.token);
    const response = await api().get(admin.token, account.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK', data: account });
    expectProblem(await api().get(admin.token, uuidv7()), 404, 'Cuenta bancaria no encontrada');
    expectProblem(await api().get(admin.token, 'no-es-uuid'), 400, 'id: Identificador inválido');
  });
});

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
