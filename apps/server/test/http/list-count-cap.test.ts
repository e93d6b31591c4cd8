import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bankAccountsApi, customersApi, loansApi, paymentsApi, usersApi } from '../support/api.ts';
import { createAdmin, createUserAndLogin, request, type TestUser, useTestApp } from '../support/app.ts';
import { activeLoan, confirm, loanWorld, registerOldest } from '../support/worlds.ts';

// A list's total is exact up to the cap, and past it the cap with `totalCapped` (db/paging.ts). The
// cap is lowered to 3 here, so four rows are "more than the cap".
const CAP = 3;
const context = useTestApp({}, { listCountCap: CAP });

function totals(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  const { totalDocuments, totalPages, totalCapped, data } = response.json();
  return { rows: data.length, totalDocuments, totalPages, totalCapped };
}

const exact = (totalDocuments: number, size: number, rows = size) => ({
  rows,
  totalDocuments,
  totalPages: Math.ceil(totalDocuments / size),
  totalCapped: false,
});
const capped = (size: number, rows = size) => ({
  rows,
  totalDocuments: CAP,
  totalPages: Math.ceil(CAP / size),
  totalCapped: true,
});

async function customers(admin: TestUser, n: number) {
  for (let i = 0; i < n; i++) await customersApi(context).createOk(admin.token, { name: `Cliente${i}` });
}

describe('paged lists count up to the cap', () => {
  it('Clientes: exact at the cap, capped past it in every order, exact when a page proves it', async () => {
    const admin = await createAdmin(context);
    const list = (query: string) => customersApi(context).list(admin.token, query).then(totals);
    await customers(admin, CAP);
    expect(await list('?size=1')).toEqual(exact(CAP, 1));
    expect(await list('?size=3')).toEqual(exact(CAP, 3));

    await customers(admin, 1);
    expect(await list('?size=1')).toEqual(capped(1));
    expect(await list('?size=2&page=2')).toEqual(capped(2));
    for (const orderBy of ['num', 'name', 'status', 'balance', 'createdOn']) {
      expect(await list(`?size=1&orderBy=${orderBy}&order=desc`)).toEqual(capped(1));
    }
    // A page with fewer rows than asked for is the last one: its total is exact, whatever the cap.
    expect(await list('?size=10')).toEqual(exact(4, 10, 4));
    expect(await list('?size=3&page=2')).toEqual(exact(4, 3, 1));
  });

  it('Auditoría: the trail counts up to the cap, with and without filters', async () => {
    const admin = await createAdmin(context);
    await customers(admin, CAP);
    const list = (query: string) =>
      request(context.app, { method: 'GET', url: `/api/v1/audit${query}`, token: admin.token }).then(totals);
    expect(await list('?entity=customer&size=1')).toEqual(exact(CAP, 1));
    await customers(admin, 1);
    expect(await list('?entity=customer&size=1')).toEqual(capped(1));
    expect(await list('?size=2')).toEqual(capped(2));
  });

  it("an account's movements: capped past the cap, exact for a type below it", async () => {
    const admin = await createAdmin(context);
    const api = bankAccountsApi(context.app);
    const account = await api.createOk(admin.token, { balance: 10_000 });
    for (const movement of [{ deposit: 100 }, { deposit: 200 }, { withdrawal: 50, reason: 'Gasolina' }]) {
      const response = await api.move(admin.token, account.id, { reason: 'Movimiento', ...movement });
      expect(response.statusCode, response.body).toBe(200);
    }
    const list = (query: string) => api.transactions(admin.token, account.id, query).then(totals);
    expect(await list('?size=1')).toEqual(capped(1));
    expect(await list('?size=1&q=DEPOSIT')).toEqual(exact(3, 1));
  });

  it('Pagos Recibidos: the status tally stays exact past the cap; a date range or a search does not', async () => {
    const world = await loanWorld(context);
    const { loan } = await activeLoan(context, world.admin, world.customer.id);
    for (let i = 0; i < CAP + 2; i++) {
      const payment = await registerOldest(context, world.agent, loan.id, 1);
      if (i < CAP + 1) await confirm(context, world.admin, payment.id, loan.bankAccount?.id ?? '');
    }
    const list = (query: string) => paymentsApi(context).list(world.admin.token, query).then(totals);
    expect(await list('?size=1')).toEqual(exact(CAP + 2, 1));
    expect(await list('?size=1&orderBy=amount')).toEqual(exact(CAP + 2, 1));
    expect(await list('?size=1&q=PAID')).toEqual(exact(CAP + 1, 1));
    expect(await list('?size=1&q=VALIDATING')).toEqual(exact(1, 1));
    expect(await list('?size=1&q=REJECTED')).toEqual(exact(0, 1, 0));
    expect(await list('?size=1&from=2000-01-01')).toEqual(capped(1));
    expect(await list(`?size=1&query=${world.customer.name}`)).toEqual(capped(1));
  });

  it('Préstamos and Usuarios: the loans tally stays exact past the cap, the users count does not', async () => {
    const admin = await createAdmin(context);
    for (let i = 0; i < CAP + 1; i++) {
      const customer = await customersApi(context).createOk(admin.token, { name: `Deudor${i}` });
      await loansApi(context).createOk(admin.token, customer.id);
    }
    const loans = (query: string) => loansApi(context).list(admin.token, query).then(totals);
    expect(await loans('?size=1')).toEqual(exact(CAP + 1, 1));
    expect(await loans('?size=1&q=PENDING')).toEqual(exact(CAP + 1, 1));

    for (let i = 0; i < CAP; i++) await createUserAndLogin(context, { name: `Agente${i}` });
    const users = await usersApi(context).list(admin.token, '?size=1');
    expect(totals(users)).toEqual(capped(1));
  });
});
