import type { AgentWeek, CollectionsWeek } from '@prestaya/contracts';
import {
  COMPUTED_STATUSES,
  INSTALLMENT_STATUSES,
  OWED_INSTALLMENT_STATUSES,
  TAKEN_INSTALLMENT_STATUSES,
} from '@prestaya/domain';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { customersApi, loansApi, paymentsApi } from '../support/api.ts';
import { createUserAndLogin, useTestApp } from '../support/app.ts';
import { formOf, jsonPart, rejection } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { expectInstallmentDueTally } from '../support/report-tallies-invariant.ts';
import { databaseUrlOf } from '../support/row-lock.ts';
import {
  accrue,
  activeLoan,
  confirm,
  customerOf,
  loanWorld,
  openAccount,
  registerOldest,
} from '../support/worlds.ts';

/**
 * The installments due of the 'Semana' (migration installment_due_tally, kept by triggers) after every
 * kind of write that changes them, made through the API: each step compares the tally with the
 * installments themselves (support/report-tallies-invariant.ts) and reads the week as the screen does.
 */
const context = useTestApp();
const loans = loansApi(context);
const payments = paymentsApi(context);
const check = () => expectInstallmentDueTally(context.database.db);

async function weekOf(token: string, agentId: string, week: string): Promise<AgentWeek> {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/v1/collections/summary?week=${week}&agentId=${agentId}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = (response.json() as CollectionsWeek).agents;
  return row as AgentWeek;
}

describe("the 'Semana' installments due", { timeout: 180_000 }, () => {
  it('count the statuses the triggers of migration installment_due_tally name', () => {
    // SQL cannot import the rules: a status added to either list needs a migration replacing the
    // tally's trigger functions and its rebuild.
    expect([...COMPUTED_STATUSES].sort()).toEqual(['ACTIVE', 'DELAYED', 'PAID']);
    expect([...TAKEN_INSTALLMENT_STATUSES].sort()).toEqual(['PAID', 'VALIDATING']);
    // Neither owed nor taken: what the triggers leave out.
    const counted: readonly string[] = [...OWED_INSTALLMENT_STATUSES, ...TAKEN_INSTALLMENT_STATUSES];
    expect(INSTALLMENT_STATUSES.filter((status) => !counted.includes(status)).sort()).toEqual([
      'CANCELLED',
      'REJECTED',
      'RESTRUCTURED',
    ]);
  });

  it('follow deliveries, payments, rejections, the accrual, cancellations and a customer moved', async () => {
    const { admin, agent, customer } = await loanWorld(context);
    const T = businessToday();
    const W = addDays(T, 7);
    const caja = await openAccount(context, admin, 200_000, 'Caja');
    const figures = async (who = agent) => {
      const week = await weekOf(admin.token, who.id, W);
      return { due: week.installmentsDue, taken: week.collectedOnDue };
    };
    await check();

    // Delivered today: installment 1 due T+7.
    const delivered = await activeLoan(context, admin, customer.id, { amount: 1_000, accountId: caja.id });
    const first = delivered.schedule[0]?.amount as number;
    expect(await check()).toHaveLength(delivered.schedule.length);
    expect(await figures()).toEqual({ due: { count: 1, amount: first }, taken: { count: 0, amount: 0 } });

    // Registered (VALIDATING counts as taken), rejected, registered again and confirmed.
    const rejected = await registerOldest(context, agent, delivered.loan.id, 1);
    await check();
    expect((await figures()).taken).toEqual({ count: 1, amount: first });
    await payments.decideOk(admin.token, rejected.id, rejection());
    await check();
    expect((await figures()).taken).toEqual({ count: 0, amount: 0 });
    const paid = await registerOldest(context, agent, delivered.loan.id, 1);
    await confirm(context, admin, paid.id, caja.id);
    await check();
    expect(await figures()).toEqual({ due: { count: 1, amount: first }, taken: { count: 1, amount: first } });

    // A loan delivered 'del pasado', overdue: the accrual's DELAYED installments and fees.
    const lalo = await customerOf(context, agent, 'Lalo');
    await activeLoan(context, admin, lalo.id, { amount: 2_000, requestDate: addDays(T, -24) });
    await check();
    await accrue(context, T);
    await check();

    // A request approved then cancelled: never delivered, never counted.
    const olga = await customerOf(context, agent, 'Olga');
    const request = await loans.createOk(agent.token, olga.id, { amount: 3_000 });
    await loans.approveOk(admin.token, request.id, caja.id);
    await check();
    expect((await loans.update(admin.token, request.id, { status: 'CANCELLED' })).statusCode).toBe(200);
    await check();

    // The customer moved to another agent takes the installments along (Lalo's stay).
    const before = await figures();
    const less = (figure: { count: number; amount: number }) => ({
      count: figure.count - 1,
      amount: Math.round((figure.amount - first) * 100) / 100,
    });
    const nora = await createUserAndLogin(context, { name: 'Nora', lastName: 'Agente' });
    const moved = await customersApi(context).update(admin.token, customer.id, {
      ...formOf(customer),
      agentId: nora.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await check();
    expect(await figures()).toEqual({ due: less(before.due), taken: less(before.taken) });
    expect(await figures(nora)).toEqual({
      due: { count: 1, amount: first },
      taken: { count: 1, amount: first },
    });
  });
});

describe("the 'Semana' collected on installments paid in part", { timeout: 60_000 }, () => {
  it('counts the part an abono holds, then pays, and takes it back when rejected', async () => {
    const { admin, agent, customer } = await loanWorld(context);
    const W = addDays(businessToday(), 7);
    const caja = await openAccount(context, admin, 200_000, 'Caja');
    // $1,000 at 20 %: 12 × $100; installment 1 due T+7.
    const { loan } = await activeLoan(context, admin, customer.id, { amount: 1_000, accountId: caja.id });
    const figures = async () => {
      const week = await weekOf(admin.token, agent.id, W);
      return { due: week.installmentsDue, taken: week.collectedOnDue, rate: week.collectionRate };
    };
    const abono = (amount: number) =>
      payments.registerOk(agent.token, loan.id, [jsonPart({ abono: amount, paymentMethod: 'CASH' })]);

    // $60 of the $100 held by an abono in validation: taken like a whole installment in validation.
    const held = await abono(60);
    await check();
    expect(await figures()).toMatchObject({
      due: { count: 1, amount: 100 },
      taken: { count: 0, amount: 60 },
      rate: 60,
    });
    // Rejected: nothing taken again.
    await payments.decideOk(admin.token, held.id, rejection());
    await check();
    expect((await figures()).taken).toEqual({ count: 0, amount: 0 });
    // Confirmed: $60 paid of it; a second abono of $40 pays it whole.
    await confirm(context, admin, (await abono(60)).id, caja.id);
    await check();
    expect((await figures()).taken).toEqual({ count: 0, amount: 60 });
    await confirm(context, admin, (await abono(40)).id, caja.id);
    await check();
    expect(await figures()).toMatchObject({ taken: { count: 1, amount: 100 }, rate: 100 });
  });
});

/** Two connections at once: only PostgreSQL (PGlite runs one transaction at a time). */
describe.skipIf(!process.env.DATABASE_URL)(
  "the 'Semana' under concurrency (PostgreSQL)",
  { timeout: 180_000 },
  () => {
    it('a customer moved while a payment of theirs is being written carries that payment along', async () => {
      const { admin, agent, customer } = await loanWorld(context);
      const caja = await openAccount(context, admin, 200_000, 'Caja');
      const { loan } = await activeLoan(context, admin, customer.id, { amount: 1_000, accountId: caja.id });
      const nora = await createUserAndLogin(context, { name: 'Nora', lastName: 'Agente' });
      const writer = new pg.Client({ connectionString: databaseUrlOf(context.database) });
      await writer.connect();
      try {
        // A payment's transaction as the services write it: its loan locked, then its installment taken.
        await writer.query('begin');
        await writer.query('select id from loans where id = $1 for no key update', [loan.id]);
        await writer.query(
          `update scheduled_payments set status = 'VALIDATING' where loan_id = $1 and payment_number = 1`,
          [loan.id],
        );
        const { rows } = await writer.query<{ pid: number }>('select pg_backend_pid() as pid');
        let moved = false;
        const move = customersApi(context)
          .update(admin.token, customer.id, { ...formOf(customer), agentId: nora.id })
          .finally(() => {
            moved = true;
          });
        // The move waits on the payment's loan (or, were it not to, finishes first and the check fails).
        const waiting = async () => {
          const probe = new pg.Client({ connectionString: databaseUrlOf(context.database) });
          await probe.connect();
          try {
            while (!moved) {
              const blocked = await probe.query<{ n: number }>(
                `select count(*)::int as n from pg_stat_activity
                where datname = current_database() and $1 = any(pg_blocking_pids(pid))`,
                [rows[0]?.pid],
              );
              if ((blocked.rows[0]?.n ?? 0) > 0) return;
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
          } finally {
            await probe.end();
          }
        };
        await waiting();
        await writer.query('commit');
        expect((await move).statusCode).toBe(200);
        await check();
        expect((await weekOf(admin.token, nora.id, addDays(businessToday(), 7))).collectedOnDue.count).toBe(
          1,
        );
        expect((await weekOf(admin.token, agent.id, addDays(businessToday(), 7))).installmentsDue.count).toBe(
          0,
        );
      } finally {
        await writer.end();
      }
    });
  },
);
