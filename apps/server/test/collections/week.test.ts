import type { AgentWeek, CollectionsWeek } from '@prestaya/contracts';
import { collectionWeekOf, zonedInstant } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/app.ts';
import { addDays, currentInstant, TEST_TIME_ZONE } from '../support/clock.ts';
import { useCollectionsWorld } from '../support/collections-world.ts';
import { cashCloseApi, visitsApi } from '../support/field-api.ts';
import { type ActiveLoan, openAccount, registerOldest } from '../support/worlds.ts';

const { context, loanDue, staff, T } = useCollectionsWorld();
const visits = visitsApi(context);
const cashClose = cashCloseApi(context);

/**
 * GET /collections/summary ('Semana' of Cobranza). The week read is LAST week (Monday M to Sunday
 * M+6), every day of it past whatever weekday the suite runs on; rows are moved into it by SQL, as a
 * phone offline that week would have left them.
 *
 * Ana's customers Hugo, Lalo and Rosa and Beto's Zoe each have a $1,001 loan whose installment 1
 * ($100.10) is due on M.
 * - Hugo paid it, collected on M+1 at 18:00 and sent on M+2 at 09:00 (offline): M+1's collection.
 * - Lalo paid it on M+2.
 * - Ana promised with Hugo on M+1 ($100.10 by M+2: kept by the payment sent on M+2), with Rosa on
 *   M+2 ($50 by M+3, never paid: broken), found Lalo not home on M+3 (no payment that day), and
 *   visits Rosa again today (another week).
 * - Beto found Zoe not home on M+4.
 * - Ana's cash of M+1 was counted $10 short: Faltante −$10.
 */
const WEEK = collectionWeekOf(addDays(T, -7));
const M = WEEK.from;
const local = (day: number, hour: number) => zonedInstant(addDays(M, day), hour, 0, TEST_TIME_ZONE);

let hugo: ActiveLoan;
let lalo: ActiveLoan;
let rosa: ActiveLoan;

async function moveVisit(id: string, at: Date, promisedDate?: string) {
  await context.database.db.execute(
    sql`update visits set visited_at = ${at.toISOString()}::timestamptz,
          promised_date = coalesce(${promisedDate ?? null}::date, promised_date) where id = ${id}`,
  );
}

async function movePayment(id: string, collectedAt: Date, createdOn: Date) {
  await context.database.db.execute(
    sql`update payments set collected_at = ${collectedAt.toISOString()}::timestamptz,
          created_on = ${createdOn.toISOString()}::timestamptz where id = ${id}`,
  );
}

async function visit(loan: ActiveLoan, at: Date, promise?: { date: string; amount: number }) {
  const recorded = await visits.recordOk(staff.ana.token, loan.loan.id, {
    outcome: promise ? 'PROMISE' : 'NOT_HOME',
    visitedAt: currentInstant().toISOString(),
    ...(promise ? { promisedDate: T, promisedAmount: promise.amount } : {}),
  });
  await moveVisit(recorded.id, at, promise?.date);
}

beforeEach(async () => {
  const requestDate = addDays(M, -7);
  hugo = await loanDue(staff.admin, staff.ana, { name: 'Hugo', requestDate });
  lalo = await loanDue(staff.admin, staff.ana, { name: 'Lalo', requestDate });
  rosa = await loanDue(staff.admin, staff.ana, { name: 'Rosa', requestDate });
  const zoe = await loanDue(staff.admin, staff.beto, { name: 'Zoe', requestDate });

  const hugoPaid = await registerOldest(context, staff.ana, hugo.loan.id, 1);
  await movePayment(hugoPaid.id, local(1, 18), local(2, 9));
  const laloPaid = await registerOldest(context, staff.ana, lalo.loan.id, 1);
  await movePayment(laloPaid.id, local(2, 12), local(2, 12));

  await visit(hugo, local(1, 10), { date: addDays(M, 2), amount: 100.1 });
  await visit(rosa, local(2, 10), { date: addDays(M, 3), amount: 50 });
  await visit(lalo, local(3, 10));
  // Today: another week's visit.
  await visits.recordOk(staff.ana.token, rosa.loan.id, {
    outcome: 'NOT_HOME',
    visitedAt: currentInstant().toISOString(),
  });
  const zoeVisit = await visits.recordOk(staff.beto.token, zoe.loan.id, {
    outcome: 'NOT_HOME',
    visitedAt: currentInstant().toISOString(),
  });
  await moveVisit(zoeVisit.id, local(4, 10));

  const caja = await openAccount(context, staff.admin, 1_000, 'Caja');
  await cashClose.closeOk(staff.admin.token, {
    agentId: staff.ana.id,
    date: addDays(M, 1),
    targetAccountId: caja.id,
    counted: 90.1,
    note: 'Faltaron $10',
  });
});

const summary = (token: string, query = '') =>
  context.app.inject({
    method: 'GET',
    url: `/api/v1/collections/summary${query}`,
    headers: { authorization: `Bearer ${token}` },
  });

async function summaryOk(token: string, query = ''): Promise<CollectionsWeek> {
  const response = await summary(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const ANA_WEEK = {
  installmentsDue: { count: 3, amount: 300.3 },
  collectedOnDue: { count: 2, amount: 200.2 },
  collected: { count: 2, amount: 200.2 },
  collectionRate: 66.7,
  visits: 3,
  visitsWithoutPayment: 2,
  promises: { made: 2, kept: 1, broken: 1, pending: 0 },
  cashDifferences: { total: -10, count: 1 },
} satisfies Omit<AgentWeek, 'agent'>;

const BETO_WEEK = {
  installmentsDue: { count: 1, amount: 100.1 },
  collectedOnDue: { count: 0, amount: 0 },
  collected: { count: 0, amount: 0 },
  collectionRate: 0,
  visits: 1,
  visitsWithoutPayment: 1,
  promises: { made: 0, kept: 0, broken: 0, pending: 0 },
  cashDifferences: { total: 0, count: 0 },
} satisfies Omit<AgentWeek, 'agent'>;

describe("an agent's week in figures", () => {
  it('gives an agent their own week, whichever day of it is asked for', async () => {
    for (const day of [M, addDays(M, 3), WEEK.to]) {
      expect(await summaryOk(staff.ana.token, `?week=${day}`)).toEqual({
        week: WEEK,
        page: 1,
        totalAgents: 1,
        totalPages: 1,
        agents: [
          { agent: { id: staff.ana.id, num: staff.ana.num, name: 'Ana', lastName: 'Agente' }, ...ANA_WEEK },
        ],
      });
    }
    // Naming themself is the same.
    const own = await summaryOk(staff.ana.token, `?week=${M}&agentId=${staff.ana.id}`);
    expect(own.agents).toHaveLength(1);
    expect(own.agents[0]).toMatchObject(ANA_WEEK);
  });

  it('defaults to this week, where last week counts nothing', async () => {
    const now = await summaryOk(staff.ana.token);
    expect(now.week).toEqual(collectionWeekOf(T));
    expect(now.agents[0]).toMatchObject({
      // Installment 2 of each loan is due on this week's Monday.
      installmentsDue: { count: 3, amount: 300.3 },
      collected: { count: 0, amount: 0 },
      visits: 1,
      promises: { made: 0, kept: 0, broken: 0, pending: 0 },
      cashDifferences: { total: 0, count: 0 },
    });
  });

  it('gives an administrator every active agent side by side, or the one named', async () => {
    const all = await summaryOk(staff.admin.token, `?week=${M}`);
    expect(all.agents.map((a) => a.agent.name)).toEqual(['Ana', 'Beto']);
    expect(all.agents[0]).toMatchObject(ANA_WEEK);
    expect(all.agents[1]).toMatchObject(BETO_WEEK);

    expect(all).toMatchObject({ page: 1, totalAgents: 2, totalPages: 1 });
    // Past the last page of agents: none, and the same totals.
    expect(await summaryOk(staff.admin.token, `?week=${M}&page=2`)).toEqual({
      week: WEEK,
      agents: [],
      page: 2,
      totalAgents: 2,
      totalPages: 1,
    });

    const beto = await summaryOk(staff.admin.token, `?week=${M}&agentId=${staff.beto.id}`);
    expect(beto.agents).toEqual([{ agent: expect.objectContaining({ name: 'Beto' }), ...BETO_WEEK }]);
  });

  it("refuses another agent's week, an unknown agent and a bad week", async () => {
    expectProblem(await summary(staff.ana.token, `?agentId=${staff.beto.id}`), 403);
    expectProblem(await summary(staff.admin.token, '?agentId=00000000-0000-4000-8000-000000000000'), 404);
    expectProblem(await summary(staff.ana.token, '?week=2026-02-30'), 400);
    expectProblem(await summary(staff.ana.token, '?week=1800-01-01'), 400);
    expectProblem(await summary(staff.admin.token, '?page=0'), 400);
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/collections/summary' })).statusCode).toBe(
      401,
    );
  });
});
