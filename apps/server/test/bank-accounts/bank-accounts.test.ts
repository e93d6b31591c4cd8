import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { bankAccountsApi } from '../support/api.ts';
import { createUserAndLogin, expectProblem, useAdmin, useTestApp } from '../support/app.ts';
import { newAccount, VALID_CLABE } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { expectLedgerInvariant } from '../support/ledger-invariant.ts';
import { countOf } from '../support/records.ts';

const context = useTestApp();

const api = () => bankAccountsApi(context.app);

const admin = useAdmin(context);

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
    expect(await countOf(context, 'bank_accounts')).toBe(1);
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
    expect(await countOf(context, 'account_transactions')).toBe(0);
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
    expect(await countOf(context, 'bank_accounts')).toBe(0);
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
    expect(await countOf(context, 'bank_accounts')).toBe(0);
    expect(await countOf(context, 'account_transactions')).toBe(0);
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
