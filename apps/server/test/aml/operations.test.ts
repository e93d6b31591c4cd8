import type { AmlRelevantOperations } from '@prestaya/contracts';
import { quarterOf } from '@prestaya/domain';
import { describe, expect, it } from 'vitest';
import { expectProblem, request, useTestApp } from '../support/app.ts';
import { businessToday } from '../support/clock.ts';
import { downloadCsv, recordsOf } from '../support/csv.ts';
import { activeLoan, confirm, openAccount, registerOldest, useLoanWorld } from '../support/worlds.ts';

/**
 * 'PLD' (docs/compliance.md): the relevant cash operations of a quarter (thresholds as settings,
 * the single payments and the customers' months) and their CSV, and unusual-operation cases opened on
 * a payment or a customer and closed with a conclusion. On PGlite and PostgreSQL.
 */
const context = useTestApp();
const world = useLoanWorld(context);

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  request(context.app, { method, url: `/api/v1/aml${url}`, token, ...(payload ? { payload } : {}) });

describe('PLD: relevant operations and cases', () => {
  it('lists a confirmed cash payment over the threshold in the quarter and its CSV', async () => {
    const { admin, agent } = world;
    const account = await openAccount(context, admin, 100_000);
    expect((await call(admin.token, 'GET', '/settings')).json().data).toEqual({
      singleCashThreshold: 150_000,
      monthlyCashThreshold: 150_000,
    });
    expectProblem(
      await call(admin.token, 'PUT', '/settings', { singleCashThreshold: 0, monthlyCashThreshold: 1 }),
      400,
    );
    const saved = await call(admin.token, 'PUT', '/settings', {
      singleCashThreshold: 1_000,
      monthlyCashThreshold: 1_500,
    });
    expect(saved.json().data).toEqual({ singleCashThreshold: 1_000, monthlyCashThreshold: 1_500 });

    const { loan } = await activeLoan(context, admin, world.customer.id, { accountId: account.id });
    const first = await registerOldest(context, agent, loan.id, 1);
    await confirm(context, admin, first.id, account.id);
    const second = await registerOldest(context, agent, loan.id, 1);
    await confirm(context, admin, second.id, account.id);
    expect(first.amount).toBeGreaterThanOrEqual(1_000);

    const { year, quarter } = quarterOf(businessToday());
    const reply = await call(admin.token, 'GET', `/relevant-operations?year=${year}&quarter=${quarter}`);
    expect(reply.statusCode, reply.body).toBe(200);
    const data: AmlRelevantOperations = reply.json().data;
    expect(data.operations.map((o) => [o.paymentId, o.amount, o.collectedOn])).toEqual([
      [first.id, first.amount, businessToday()],
      [second.id, second.amount, businessToday()],
    ]);
    expect(data.monthly).toEqual([
      {
        customer: expect.objectContaining({ id: world.customer.id }),
        month: businessToday().slice(0, 7),
        total: first.amount + second.amount,
        payments: 2,
      },
    ]);
    const other = quarter === 1 ? { year: year - 1, quarter: 4 } : { year, quarter: quarter - 1 };
    const empty = (
      await call(admin.token, 'GET', `/relevant-operations?year=${other.year}&quarter=${other.quarter}`)
    ).json().data;
    expect(empty.operations).toEqual([]);
    expectProblem(
      await call(admin.token, 'GET', `/relevant-operations?year=${year}&quarter=5`),
      400,
      /quarter: /,
    );

    const csv = await downloadCsv(
      context,
      admin.token,
      `/api/v1/aml/relevant-operations/export.csv?year=${year}&quarter=${quarter}`,
      `operaciones-relevantes-${year}-T${quarter}`,
    );
    const records = recordsOf(csv);
    expect(records.map((r) => [r.Tipo, r.Pago, r['Monto en efectivo']])).toEqual([
      ['Operación', first.id, first.amount.toFixed(2)],
      ['Operación', second.id, second.amount.toFixed(2)],
      ['Acumulado mensual', '', (first.amount + second.amount).toFixed(2)],
    ]);
    expect(records[0]?.Nombre).toBe('Lucía Núñez Gómez');

    // An unusual-operation case on that payment, closed with a conclusion.
    const opened = await call(admin.token, 'POST', '/cases', {
      paymentId: first.id,
      description: 'Pago en efectivo inusual',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().data).toMatchObject({
      status: 'OPEN',
      customer: { id: world.customer.id },
      payment: { id: first.id, loanNum: loan.num },
    });
    expectProblem(
      await call(admin.token, 'POST', '/cases', { description: 'Sin sujeto' }),
      400,
      /^customerNum: /,
    );
    expectProblem(
      await call(admin.token, 'POST', '/cases', { customerNum: 999_999, description: 'Nadie' }),
      404,
    );
    const byCustomer = await call(admin.token, 'POST', '/cases', {
      customerNum: world.customer.num,
      description: 'Depósitos fraccionados',
    });
    expect(byCustomer.statusCode).toBe(201);
    const id = opened.json().data.id;
    const closed = await call(admin.token, 'PUT', `/cases/${id}/close`, {
      conclusion: 'Se reportó a la UIF',
    });
    expect(closed.json().data).toMatchObject({
      status: 'CLOSED',
      conclusion: 'Se reportó a la UIF',
      closedBy: { name: expect.any(String), lastName: expect.any(String) },
    });
    expectProblem(
      await call(admin.token, 'PUT', `/cases/${id}/close`, { conclusion: 'Otra vez' }),
      409,
      'El caso ya está cerrado',
    );
    expect(
      (await call(admin.token, 'GET', '/cases?status=OPEN')).json().data.map((c: { id: string }) => c.id),
    ).toEqual([byCustomer.json().data.id]);
  });
});
