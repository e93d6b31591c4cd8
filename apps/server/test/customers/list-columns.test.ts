import type { CustomerListItem } from '@prestaya/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loans } from '../../src/db/schema/loans.ts';
import { customersApi, loansApi } from '../support/api.ts';
import { createAdmin, createUserAndLogin, expectProblem, type TestUser, useTestApp } from '../support/app.ts';
import { activeLoan, openAccount } from '../support/worlds.ts';

const context = useTestApp();
const api = customersApi(context);

type ListBody = { data: CustomerListItem[] };

async function list(token: string, query: string): Promise<CustomerListItem[]> {
  const response = await api.list(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ListBody).data;
}
const names = async (token: string, query: string) => (await list(token, query)).map((c) => c.name);

/**
 * Four customers whose current loans differ: Sin (no loan, agent A), Corriente (ACTIVE, $12,000,
 * agent A), Espera (PENDING, $0, agent B) and Atraso (DELAYED, $6,000, agent A), created in that order.
 */
async function seed(): Promise<{ admin: TestUser; agentA: TestUser; agentB: TestUser }> {
  const admin = await createAdmin(context);
  const agentA = await createUserAndLogin(context, { name: 'Ana', lastName: 'Agente' });
  const agentB = await createUserAndLogin(context, { name: 'Beto', lastName: 'Agente' });
  const create = (by: TestUser, name: string) => api.createOk(by.token, { name, lastName: 'Prueba' });
  await create(agentA, 'Sin');
  const corriente = await create(agentA, 'Corriente');
  const espera = await create(agentB, 'Espera');
  const atraso = await create(agentA, 'Atraso');
  const account = await openAccount(context, admin, 100_000);
  await activeLoan(context, admin, corriente.id, { amount: 10_000, accountId: account.id });
  await loansApi(context).createOk(agentB.token, espera.id, { amount: 2_000 });
  const late = await activeLoan(context, admin, atraso.id, { amount: 5_000, accountId: account.id });
  // DELAYED is computed by the accrual from past due dates; set directly, as only the label matters here.
  await context.database.db.update(loans).set({ status: 'DELAYED' }).where(eq(loans.id, late.loan.id));
  return { admin, agentA, agentB };
}

describe("GET /api/v1/customers: the current loan's status and balance", () => {
  it('lists each customer with their current loan, null without one', async () => {
    const { admin } = await seed();
    const rows = await list(admin.token, '');
    expect(
      rows.map((c) => [c.name, c.currentLoan?.status ?? null, c.currentLoan?.currentBalance ?? null]),
    ).toEqual([
      ['Sin', null, null],
      ['Corriente', 'ACTIVE', 12_000],
      ['Espera', 'PENDING', 0],
      ['Atraso', 'DELAYED', 6_000],
    ]);
  });

  it('sorts by status label (Sin préstamo last) and by balance (no loan as 0), ties by id', async () => {
    const { admin } = await seed();
    // Al corriente, Atrasado, En espera, Sin préstamo.
    expect(await names(admin.token, '?orderBy=status')).toEqual(['Corriente', 'Atraso', 'Espera', 'Sin']);
    expect(await names(admin.token, '?orderBy=status&order=desc')).toEqual([
      'Sin',
      'Espera',
      'Atraso',
      'Corriente',
    ]);
    // Sin and Espera both owe 0: the tiebreaker (id, in creation order) keeps them in one order.
    expect(await names(admin.token, '?orderBy=balance')).toEqual(['Sin', 'Espera', 'Atraso', 'Corriente']);
    expect(await names(admin.token, '?orderBy=balance&order=desc')).toEqual([
      'Corriente',
      'Atraso',
      'Espera',
      'Sin',
    ]);
  });

  it('pages a sorted list without overlaps or gaps', async () => {
    const { admin } = await seed();
    for (const orderBy of ['status', 'balance']) {
      const whole = await names(admin.token, `?orderBy=${orderBy}&size=100`);
      const paged: string[] = [];
      for (let page = 1; page <= 4; page++)
        paged.push(...(await names(admin.token, `?orderBy=${orderBy}&size=1&page=${page}`)));
      expect(paged).toEqual(whole);
    }
  });

  it("keeps an agent's list to their own customers whatever the order", async () => {
    const { agentA, agentB } = await seed();
    expect(await names(agentA.token, '?orderBy=balance&order=desc')).toEqual(['Corriente', 'Atraso', 'Sin']);
    expect(await names(agentA.token, '?orderBy=status')).toEqual(['Corriente', 'Atraso', 'Sin']);
    expect(await names(agentB.token, '?orderBy=status')).toEqual(['Espera']);
    const response = await api.list(agentA.token, '?orderBy=balance&size=2');
    expect(response.json()).toMatchObject({ totalDocuments: 3, totalPages: 2 });
  });

  it('refuses another sort column, naming the allowed ones', async () => {
    const admin = await createAdmin(context);
    for (const bad of ['currentBalance', 'currentLoan', 'loanStatus']) {
      const problem = expectProblem(await api.list(admin.token, `?orderBy=${bad}`), 400);
      expect(problem.detail).toBe(
        `orderBy: No se puede ordenar por "${bad}"; use uno de: num, name, lastName, phone, createdOn, status, balance`,
      );
    }
  });
});

describe('GET /api/v1/customers: search by CURP', () => {
  async function seedCurps() {
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const other = await createUserAndLogin(context);
    await api.createOk(agent.token, {
      name: 'Lucía',
      lastName: 'Núñez',
      secondLastName: null,
      curp: 'NULU850312MDFXXC01',
    });
    await api.createOk(other.token, {
      name: 'Pedro',
      lastName: 'Ruiz',
      secondLastName: null,
      curp: 'RUPE900101HJCZDR00',
    });
    return { admin, agent };
  }

  it('finds a customer by the whole CURP or its beginning, in any case', async () => {
    const { admin } = await seedCurps();
    expect(await names(admin.token, '?query=NULU850312MDFXXC01')).toEqual(['Lucía']);
    expect(await names(admin.token, '?query=rupe900101hjczdr00')).toEqual(['Pedro']);
    expect(await names(admin.token, '?query=RUPE9001')).toEqual(['Pedro']);
    // Digits alone are a customer number or a phone, never the birth date inside a CURP.
    expect(await names(admin.token, '?query=850312')).toEqual([]);
    expect(await names(admin.token, '?query=NULU850312MDFXXC02')).toEqual([]);
    // Names still match without accents, as before.
    expect(await names(admin.token, '?query=nunez')).toEqual(['Lucía']);
  });

  it("never finds another agent's customer by CURP", async () => {
    const { agent } = await seedCurps();
    expect(await names(agent.token, '?query=NULU850312MDFXXC01')).toEqual(['Lucía']);
    expect(await names(agent.token, '?query=RUPE900101HJCZDR00')).toEqual([]);
  });
});
