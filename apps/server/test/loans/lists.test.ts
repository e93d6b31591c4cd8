import type { Loan } from '@prestaya/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loans } from '../../src/db/schema/loans.ts';
import { type CustomerData, customersApi, loansApi } from '../support/api.ts';
import { createUserAndLogin, expectProblem, type TestUser, useTestApp } from '../support/app.ts';
import { expectLedger, openAccount, useLoanWorld } from '../support/worlds.ts';

const context = useTestApp();
const api = loansApi(context);
const world = useLoanWorld(context);

const nums = (body: { data: Loan[] }) => body.data.map((loan) => loan.num);

/** Requests a loan, then cancels it so the customer may request another one. */
async function cancelledLoan(token: string, customerId: string, amount: number): Promise<Loan> {
  const loan = await api.createOk(token, customerId, { amount });
  const response = await api.update(world.admin.token, loan.id, { status: 'CANCELLED' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe("a customer's loans (Préstamos tab)", () => {
  it('are listed newest first and paged, sortable by the allowed columns', async () => {
    const { admin, agent, customer } = world;
    await cancelledLoan(agent.token, customer.id, 3_000);
    await cancelledLoan(agent.token, customer.id, 1_000);
    await api.createOk(agent.token, customer.id, { amount: 2_000 });
    const other = await customersApi(context).createOk(agent.token, { name: 'Otro', phone: '5500000000' });
    await api.createOk(agent.token, other.id, { amount: 9_000 });

    const first = await api.listOfCustomer(agent.token, customer.id, '?size=2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, size: 2, totalDocuments: 3, totalPages: 2 });
    expect(nums(first.json())).toEqual([1002, 1001]);
    const second = await api.listOfCustomer(agent.token, customer.id, '?size=2&page=2');
    expect(nums(second.json())).toEqual([1000]);
    expect(second.json().data[0]).toMatchObject({
      status: 'CANCELLED',
      amount: 3_000,
      customer: { id: customer.id, name: 'Lucía', lastName: 'Núñez', secondLastName: 'Gómez' },
    });

    const byAmount = await api.listOfCustomer(admin.token, customer.id, '?orderBy=amount');
    expect(byAmount.json().data.map((l: Loan) => l.amount)).toEqual([1_000, 2_000, 3_000]);
    const byNumDesc = await api.listOfCustomer(admin.token, customer.id, '?orderBy=num&order=desc');
    expect(nums(byNumDesc.json())).toEqual([1002, 1001, 1000]);
    const byStatus = await api.listOfCustomer(admin.token, customer.id, '?orderBy=status');
    expect(byStatus.json().data.map((l: Loan) => l.status)).toEqual(['CANCELLED', 'CANCELLED', 'PENDING']);
    const byRequestDate = await api.listOfCustomer(admin.token, customer.id, '?orderBy=requestDate');
    expect(byRequestDate.json().totalDocuments).toBe(3);
    const byCreated = await api.listOfCustomer(admin.token, customer.id, '?orderBy=createdOn&order=asc');
    expect(nums(byCreated.json())).toEqual([1000, 1001, 1002]);
  });

  it('is an empty page for a customer without loans', async () => {
    const response = await api.listOfCustomer(world.agent.token, world.customer.id);
    expect(response.json()).toEqual({
      data: [],
      page: 1,
      size: 10,
      totalDocuments: 0,
      totalPages: 0,
      totalCapped: false,
    });
  });
});

describe('the global list (Lista Global de Préstamos)', () => {
  let agentB: TestUser;
  let people: Record<'lucia' | 'jose' | 'maria', CustomerData>;

  /** Lucía Núñez: ACTIVE 1000; José Gómez: PENDING 1001; María Ángeles: CANCELLED 1002, APPROVED 1003. */
  async function portfolio() {
    const { admin, agent, customer } = world;
    agentB = await createUserAndLogin(context, { name: 'Beto', lastName: 'Otro' });
    const customers = customersApi(context);
    people = {
      lucia: customer,
      jose: await customers.createOk(agent.token, { name: 'José', lastName: 'Gómez', phone: '5533333333' }),
      maria: await customers.createOk(agentB.token, {
        name: 'María',
        lastName: 'Ángeles',
        secondLastName: 'Peña',
        phone: '5544444444',
      }),
    };
    const account = await openAccount(context, admin, 100_000);
    const active = await api.createOk(agent.token, people.lucia.id, { amount: 10_000 });
    await api.approveOk(admin.token, active.id, account.id);
    await api.activateOk(admin.token, active.id);
    await api.createOk(agent.token, people.jose.id, { amount: 5_000 });
    await cancelledLoan(agentB.token, people.maria.id, 7_000);
    const approved = await api.createOk(agentB.token, people.maria.id, { amount: 8_000 });
    await api.approveOk(admin.token, approved.id, account.id);
    await expectLedger(context);
  }

  it('shows every loan to an administrator, newest first, with the customer and account', async () => {
    await portfolio();
    const response = await api.list(world.admin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ page: 1, size: 10, totalDocuments: 4, totalPages: 1 });
    expect(nums(response.json())).toEqual([1003, 1002, 1001, 1000]);
    expect(response.json().data[0]).toMatchObject({
      status: 'APPROVED',
      customer: { name: 'María', lastName: 'Ángeles', secondLastName: 'Peña' },
      bankAccount: { name: 'Caja' },
    });
  });

  it('filters by status with q (ACTIVE, PENDING, DELAYED and the others)', async () => {
    await portfolio();
    const { admin } = world;
    const filtered = async (q: string) => nums((await api.list(admin.token, `?q=${q}`)).json());
    expect(await filtered('ACTIVE')).toEqual([1000]);
    expect(await filtered('PENDING')).toEqual([1001]);
    expect(await filtered('DELAYED')).toEqual([]);
    expect(await filtered('APPROVED')).toEqual([1003]);
    expect(await filtered('CANCELLED')).toEqual([1002]);
    expect(await filtered('PAID')).toEqual([]);
    expect(await filtered('')).toEqual([1003, 1002, 1001, 1000]);
    // The status-only count reads loans alone (no join with customers): same totals.
    expect((await api.list(admin.token, '?q=CANCELLED')).json()).toMatchObject({
      totalDocuments: 1,
      totalPages: 1,
    });
    expectProblem(await api.list(admin.token, '?q=active'), 400, 'q: Estatus inválido');
  });

  it('searches the loan number and the customer name, case- and accent-insensitively', async () => {
    await portfolio();
    const { admin } = world;
    const search = async (query: string, extra = '') =>
      nums((await api.list(admin.token, `?query=${encodeURIComponent(query)}${extra}`)).json());
    expect(await search('1001')).toEqual([1001]);
    expect(await search('gomez')).toEqual([1001, 1000]); // José Gómez and Lucía Núñez Gómez
    expect(await search('GÓMEZ')).toEqual([1001, 1000]);
    expect(await search('lucia nunez')).toEqual([1000]);
    expect(await search('  maria   angeles ')).toEqual([1003, 1002]);
    expect(await search('angeles', '&q=APPROVED')).toEqual([1003]);
    expect(await search('pena')).toEqual([1003, 1002]);
    expect(await search('nadie')).toEqual([]);
    expect(await search('100%')).toEqual([]);
    expect(await search('99999999999')).toEqual([]);
    const paged = await api.list(admin.token, '?query=gomez&size=1&page=2');
    expect(paged.json()).toMatchObject({ totalDocuments: 2, totalPages: 2 });
    expect(nums(paged.json())).toEqual([1000]);
  });

  it('orders by the allowed columns', async () => {
    await portfolio();
    const { admin } = world;
    const amounts = (await api.list(admin.token, '?orderBy=amount&order=desc'))
      .json()
      .data.map((l: Loan) => l.amount);
    expect(amounts).toEqual([10_000, 8_000, 7_000, 5_000]);
    expect(nums((await api.list(admin.token, '?orderBy=num')).json())).toEqual([1000, 1001, 1002, 1003]);
  });
});

/**
 * The current loan of a customer as the CustomerDetails header reads it (GET /customers/{id}), after
 * checking that the 'Clientes' list shows the same one for that customer.
 */
async function currentLoanSummary(token: string, customerId: string) {
  const customers = customersApi(context);
  const details = (await customers.get(token, customerId)).json().data;
  const listed = (await customers.list(token, `?query=${details.num}&size=100`)).json().data;
  expect(listed.find((row: { id: string }) => row.id === customerId)?.currentLoan).toEqual(
    details.currentLoan,
  );
  return details.currentLoan;
}

describe("a customer's current loan (the CustomerDetails header and the 'Clientes' list)", () => {
  it('is the open loan (ACTIVE/DELAYED), else the newest not cancelled, else null', async () => {
    const { admin, agent, customer } = world;
    const db = context.database.db;
    expect(await currentLoanSummary(admin.token, customer.id)).toBeNull();

    const cancelled = await cancelledLoan(agent.token, customer.id, 1_000);
    expect(cancelled.status).toBe('CANCELLED');
    expect(await currentLoanSummary(admin.token, customer.id)).toBeNull();

    const loan = await api.createOk(agent.token, customer.id, { amount: 10_000 });
    expect(await currentLoanSummary(admin.token, customer.id)).toEqual({
      id: loan.id,
      num: 1001,
      status: 'PENDING',
      currentBalance: 0,
    });
    const account = await openAccount(context, admin, 50_000);
    await api.approveOk(admin.token, loan.id, account.id);
    expect(await currentLoanSummary(admin.token, customer.id)).toMatchObject({
      id: loan.id,
      status: 'APPROVED',
    });
    await api.activateOk(admin.token, loan.id);
    expect(await currentLoanSummary(admin.token, customer.id)).toEqual({
      id: loan.id,
      num: 1001,
      status: 'ACTIVE',
      currentBalance: 12_000,
    });
    // An open loan wins over a newer one (only reachable once payments and accrual exist: set by SQL).
    await db.update(loans).set({ status: 'PAID' }).where(eq(loans.id, loan.id));
    const newer = await api.createOk(agent.token, customer.id, { amount: 500 });
    expect(await currentLoanSummary(admin.token, customer.id)).toMatchObject({
      id: newer.id,
      status: 'PENDING',
    });
    await db.update(loans).set({ status: 'DELAYED' }).where(eq(loans.id, loan.id));
    expect(await currentLoanSummary(admin.token, customer.id)).toMatchObject({
      id: loan.id,
      status: 'DELAYED',
    });
    // Another customer's loans do not count.
    const other = await customersApi(context).createOk(agent.token, { name: 'Otro', phone: '5500000000' });
    expect(await currentLoanSummary(admin.token, other.id)).toBeNull();
  });
});
