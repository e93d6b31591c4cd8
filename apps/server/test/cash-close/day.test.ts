import { businessDayBounds } from '@prestaya/domain';
import { describe, expect, it } from 'vitest';
import { createUserAndLogin, expectProblem, useTestApp } from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { cashCloseWorld, registeredAt } from '../support/cash-close-world.ts';
import { addDays, businessToday, TEST_TIME_ZONE } from '../support/clock.ts';
import { cashCloseApi } from '../support/field-api.ts';
import { publicApi } from '../support/public-api.ts';
import { activeLoan, registerOldest, useLoanWorld } from '../support/worlds.ts';

/** GET /cash-close: one agent's business day, scoped by role, totals counted by hand. */
const context = useTestApp();
const api = cashCloseApi(context);

describe("an agent's day", () => {
  it('lists what the agent registered that day by time, with totals counted by hand', async () => {
    const w = await cashCloseWorld(context);
    const { cashA, cashB, transferB, rejectedC, cashC, confirmedB } = w.agentDay;
    const day = await api.getOk(w.agent.token);
    expect(day.date).toBe(w.today);
    expect(day.agent).toEqual({ id: w.agent.id, num: w.agent.num, name: 'Ana', lastName: 'Agente' });
    expect(day.payments.map((p) => [p.id, p.status, p.paymentMethod, p.amount])).toEqual([
      [cashA.id, 'VALIDATING', 'CASH', 2_000],
      [cashB.id, 'VALIDATING', 'CASH', 1_000],
      [transferB.id, 'VALIDATING', 'TRANSFER', 1_000],
      [rejectedC.id, 'REJECTED', 'CASH', 1_000],
      [cashC.id, 'VALIDATING', 'CASH', 1_000],
      [confirmedB.id, 'PAID', 'CASH', 1_000],
    ]);
    expect(day.payments[0]).toEqual({
      id: cashA.id,
      createdOn: cashA.createdOn,
      collectedAt: cashA.collectedAt,
      amount: 2_000,
      status: 'VALIDATING',
      paymentMethod: 'CASH',
      loan: { id: w.loanA.loan.id, num: w.loanA.loan.num },
      customer: { id: w.customer.id, name: 'Lucía', lastName: 'Núñez' },
    });
    // Cash: 2,000 + 1,000 + 1,000 validating, 1,000 confirmed; the rejection counts in nothing.
    expect(day.totals).toEqual({
      cash: 5_000,
      cashPending: 4_000,
      cashConfirmed: 1_000,
      transfer: 1_000,
      count: 6,
    });

    // The administrator reads the same day by naming the agent; yesterday holds the backdated payment.
    expect(await api.getOk(w.admin.token, { agentId: w.agent.id, date: w.today })).toEqual(day);
    const yesterday = await api.getOk(w.admin.token, { agentId: w.agent.id, date: addDays(w.today, -1) });
    expect(yesterday.payments.map((p) => p.id)).toEqual([w.outside.yesterdayC.id]);
    expect(yesterday.totals).toEqual({
      cash: 1_000,
      cashPending: 1_000,
      cashConfirmed: 0,
      transfer: 0,
      count: 1,
    });
    // The other agent's day is theirs alone.
    const other = await api.getOk(w.admin.token, { agentId: w.otherAgent.id });
    expect(other.payments.map((p) => p.id)).toEqual([w.outside.otherAgentCash.id]);
  });
});

describe('the business day', () => {
  const world = useLoanWorld(context);

  it('runs from 00:00 to 24:00 business time (not UTC), ordered by time, not by registration', async () => {
    const { loan } = await activeLoan(context, world.admin, world.customer.id);
    const registered = [];
    for (let i = 0; i < 4; i += 1) registered.push(await registerOldest(context, world.agent, loan.id, 1));
    const [lastOfYesterday, lastOfToday, firstOfToday, firstOfTomorrow] = registered.map((p) => p.id) as [
      string,
      string,
      string,
      string,
    ];
    const today = businessToday();
    const { start, end } = businessDayBounds(today, TEST_TIME_ZONE);
    // Mexico City is UTC−6: the business day starts at 06:00Z.
    expect(start.toISOString()).toBe(`${today}T06:00:00.000Z`);
    await registeredAt(context, lastOfYesterday, new Date(start.getTime() - 1));
    await registeredAt(context, firstOfToday, start);
    await registeredAt(context, lastOfToday, new Date(end.getTime() - 1));
    await registeredAt(context, firstOfTomorrow, end);

    const ids = async (date: string) =>
      (await api.getOk(world.agent.token, { date })).payments.map((p) => p.id);
    expect(await ids(today)).toEqual([firstOfToday, lastOfToday]);
    expect(await ids(addDays(today, -1))).toEqual([lastOfYesterday]);
    expect(await ids(addDays(today, 1))).toEqual([firstOfTomorrow]);
    expect((await api.getOk(world.agent.token)).payments.map((p) => p.id)).toEqual([
      firstOfToday,
      lastOfToday,
    ]);
  });

  it('counts a borrower’s payment the agent authorised with their PIN, and nothing the admin registered', async () => {
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    const paid = await publicApi(context.app).pay(
      loan.id,
      [jsonPart({ scheduledPaymentIds: [schedule[0]?.id ?? ''], paymentMethod: 'CASH' })],
      [world.agent.num, world.agent.pin],
    );
    expect(paid.statusCode, paid.body).toBe(201);
    await registerOldest(context, world.admin, loan.id, 1);
    const day = await api.getOk(world.agent.token);
    expect(day.payments.map((p) => [p.loan.num, p.amount])).toEqual([[loan.num, 1_000]]);
    expect(day.totals).toMatchObject({ cash: 1_000, cashPending: 1_000, count: 1 });
  });
});

describe('who reads which day', () => {
  const world = useLoanWorld(context);

  it('an agent reads only their own day; naming themself is the same', async () => {
    const own = await api.getOk(world.agent.token);
    expect(own).toEqual({
      date: businessToday(),
      agent: { id: world.agent.id, num: world.agent.num, name: 'Ana', lastName: 'Agente' },
      payments: [],
      totals: { cash: 0, cashPending: 0, cashConfirmed: 0, transfer: 0, count: 0 },
      closure: null,
    });
    expect(await api.getOk(world.agent.token, { agentId: world.agent.id.toUpperCase() })).toEqual(own);
    const other = await createUserAndLogin(context);
    expectProblem(
      await api.get(world.agent.token, { agentId: other.id }),
      403,
      'Solo puede consultar su propio corte de caja',
    );
  });

  it('an administrator must name an existing agent', async () => {
    expectProblem(await api.get(world.admin.token), 400, 'agentId: Seleccione el agente');
    expectProblem(
      await api.get(world.admin.token, { agentId: '0190a0c0-0000-7000-8000-00000000dead' }),
      404,
      'Agente no encontrado',
    );
  });

  it('refuses a malformed agent or date, and an anonymous caller', async () => {
    expectProblem(await api.get(world.admin.token, { agentId: 'ana' }), 400, 'agentId: Agente inválido');
    expectProblem(await api.get(world.agent.token, { date: '2026-13-01' }), 400, /^date: /);
    expectProblem(await api.get(world.agent.token, { date: '1999-12-31' }), 400, /^date: /);
    expectProblem(await api.get(''), 401);
  });
});
