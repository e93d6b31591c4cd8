import { zonedInstant } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentsApi, reportsApi } from '../support/api.ts';
import { expectProblem, useTestApp } from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { addDays, businessToday, TEST_TIME_ZONE, testNow } from '../support/clock.ts';
import { rowsOf } from '../support/database.ts';
import { cashCloseApi } from '../support/field-api.ts';
import { activeLoan, openAccount, useLoanWorld } from '../support/worlds.ts';

/**
 * `collectedAt` on POST /loans/{id}/payments: a cash collection taken without signal on day 1 and sent
 * on day 2 keeps the moment it was taken, and that moment is its business date: day 1's 'Corte de caja'
 * and day 1's collections in the reports, not day 2's.
 *
 * The app's clock stands at 09:00 of today (day 2), or at PRESTAYA_TEST_NOW's instant under
 * `npm run test:midnight` (23:59 and 00:01 of today): the payment's registration is always on day 2.
 */
const DAY_2 = businessToday();
const DAY_1 = addDays(DAY_2, -1);
const SENT_AT = testNow?.() ?? zonedInstant(DAY_2, 9, 0, TEST_TIME_ZONE);
const COLLECTED_AT = zonedInstant(DAY_1, 14, 34, TEST_TIME_ZONE).toISOString();
const MINUTE = 60_000;
const KEY = 'offline-0b6f1c1e-2d1f-4c55-9a61-3f0e2b7d9c41';

const context = useTestApp({}, { now: () => SENT_AT });
const world = useLoanWorld(context);
const api = paymentsApi(context);
const cashClose = cashCloseApi(context);
const reports = reportsApi(context);

async function paymentRows() {
  return rowsOf<{ id: string; created: string; collected: string }>(
    await context.database.db.execute(
      sql`select id, created_on::text as created, collected_at::text as collected from payments order by id`,
    ),
  );
}

/** A delivered loan of the agent's customer, and the parts of a CASH payment of its first installment. */
async function firstInstallment(collectedAt?: string) {
  const caja = await openAccount(context, world.admin, 100_000, 'Caja');
  const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id, {
    accountId: caja.id,
  });
  const parts = [
    jsonPart({
      scheduledPaymentIds: [schedule[0]?.id ?? ''],
      paymentMethod: 'CASH',
      ...(collectedAt ? { collectedAt } : {}),
    }),
  ];
  return { caja, loan, schedule, parts };
}

describe('a collection sent the next morning', () => {
  it("belongs to day 1's Corte de caja and day 1's collections, not day 2's", async () => {
    const { caja, loan, parts } = await firstInstallment(COLLECTED_AT);
    const sent = await api.register(world.agent.token, loan.id, parts, { 'idempotency-key': KEY });
    expect(sent.statusCode, sent.body).toBe(201);
    const payment = sent.json().data;
    expect(payment.collectedAt).toBe(COLLECTED_AT);
    expect(payment.createdOn).not.toBe(COLLECTED_AT);

    // 'Corte de caja': day 1 holds it (by the time it was collected), day 2 does not.
    const day1 = await cashClose.getOk(world.agent.token, { date: DAY_1 });
    expect(day1.payments.map((p) => [p.id, p.collectedAt, p.createdOn])).toEqual([
      [payment.id, COLLECTED_AT, payment.createdOn],
    ]);
    expect(day1.totals).toMatchObject({ cash: 1_000, cashPending: 1_000, count: 1 });
    const day2 = await cashClose.getOk(world.agent.token, { date: DAY_2 });
    expect(day2.payments).toEqual([]);
    expect(day2.totals.count).toBe(0);

    // 'Confirmar corte' of day 1 confirms it; day 2's has nothing to confirm.
    expect(
      await cashClose.confirmOk(world.admin.token, {
        agentId: world.agent.id,
        date: DAY_2,
        targetAccountId: caja.id,
      }),
    ).toEqual({ confirmed: 0, total: 0, paymentIds: [] });
    expect(
      await cashClose.confirmOk(world.admin.token, {
        agentId: world.agent.id,
        date: DAY_1,
        targetAccountId: caja.id,
      }),
    ).toMatchObject({ confirmed: 1, total: 1_000, paymentIds: [payment.id] });

    // The reports count the confirmed collection on day 1: the administrator's (tallies) and the
    // agent's (their own rows) alike.
    for (const token of [world.admin.token, world.agent.token]) {
      const week = await reports.weeklyOk(token, DAY_1, DAY_2);
      expect(week.days).toEqual([
        { date: DAY_1, installments: 1_000, fees: 0, total: 1_000, payments: 1 },
        { date: DAY_2, installments: 0, fees: 0, total: 0, payments: 0 },
      ]);
    }

    // The receipt's details carry both instants.
    const details = await api.detailsOk(world.agent.token, payment.id);
    expect(details.payment).toMatchObject({ collectedAt: COLLECTED_AT, createdOn: payment.createdOn });
  });

  it('keeps the first collectedAt when the same collection is sent again with its key', async () => {
    const { loan, parts } = await firstInstallment(COLLECTED_AT);
    const first = await api.register(world.agent.token, loan.id, parts, { 'idempotency-key': KEY });
    expect(first.statusCode, first.body).toBe(201);
    const again = await api.register(world.agent.token, loan.id, parts, { 'idempotency-key': KEY });
    expect(again.json()).toEqual(first.json());
    // A repeat naming another moment is still the same collection: the first reply, one payment.
    const later = new Date(Date.parse(COLLECTED_AT) + 30 * MINUTE).toISOString();
    const { parts: laterParts } = {
      parts: [
        jsonPart({
          scheduledPaymentIds: JSON.parse(String(parts[0]?.body)).scheduledPaymentIds,
          paymentMethod: 'CASH',
          collectedAt: later,
        }),
      ],
    };
    const moved = await api.register(world.agent.token, loan.id, laterParts, { 'idempotency-key': KEY });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().data.collectedAt).toBe(COLLECTED_AT);
    const rows = await paymentRows();
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]?.collected ?? '').toISOString()).toBe(COLLECTED_AT);
  });

  it('is collected when registered when the request does not say', async () => {
    const { loan, parts } = await firstInstallment();
    const payment = await api.registerOk(world.agent.token, loan.id, parts);
    expect(payment.collectedAt).toBe(payment.createdOn);
    const [row] = await paymentRows();
    expect(row?.collected).toBe(row?.created);
  });
});

describe('the bounds of collectedAt', () => {
  const refused = async (collectedAt: string, detail: string) => {
    const { loan, parts } = await firstInstallment(collectedAt);
    const response = await api.register(world.agent.token, loan.id, parts, { 'idempotency-key': KEY });
    expectProblem(response, 400, detail);
    expect(response.json().errors).toEqual([
      { field: 'paymentRequest.collectedAt', message: detail.replace(/^paymentRequest\.collectedAt: /, '') },
    ]);
    expect(await paymentRows()).toEqual([]);
    // The refusal took its key back with it: the corrected collection goes through under it.
    const fixed = [jsonPart({ ...JSON.parse(String(parts[0]?.body)), collectedAt: SENT_AT.toISOString() })];
    const retried = await api.register(world.agent.token, loan.id, fixed, { 'idempotency-key': KEY });
    expect(retried.statusCode, retried.body).toBe(201);
  };

  it('accepts a phone clock up to 5 minutes ahead and a collection up to 7 days old, both ends included', async () => {
    const ahead = new Date(SENT_AT.getTime() + 5 * MINUTE).toISOString();
    const weekAgo = new Date(SENT_AT.getTime() - 7 * 24 * 60 * MINUTE).toISOString();
    const { loan, schedule } = await firstInstallment();
    for (const [index, collectedAt] of [ahead, weekAgo].entries()) {
      const part = jsonPart({
        scheduledPaymentIds: [schedule[index]?.id ?? ''],
        paymentMethod: 'CASH',
        collectedAt,
      });
      expect((await api.registerOk(world.agent.token, loan.id, [part])).collectedAt).toBe(collectedAt);
    }
  });

  it('refuses a moment beyond the clock skew, naming the limit', async () => {
    await refused(
      new Date(SENT_AT.getTime() + 5 * MINUTE + 1000).toISOString(),
      'paymentRequest.collectedAt: La hora de cobro no puede ser posterior a la hora actual más 5 minutos; revise la hora del teléfono',
    );
  });

  it('refuses a collection older than 7 days, naming the limit', async () => {
    await refused(
      new Date(SENT_AT.getTime() - 7 * 24 * 60 * MINUTE - 1000).toISOString(),
      'paymentRequest.collectedAt: La hora de cobro no puede ser de hace más de 7 días; registre el pago en la oficina',
    );
  });

  it('refuses a malformed instant', async () => {
    const { loan, schedule } = await firstInstallment();
    for (const collectedAt of [
      'ayer',
      '2026-03-18',
      '2026-03-18T14:34',
      '2026-02-30T14:34:00Z',
      '9'.repeat(60),
    ]) {
      const part = jsonPart({
        scheduledPaymentIds: [schedule[0]?.id ?? ''],
        paymentMethod: 'CASH',
        collectedAt,
      });
      expectProblem(
        await api.register(world.agent.token, loan.id, [part]),
        400,
        'paymentRequest.collectedAt: Hora de cobro inválida: use fecha y hora ISO 8601 con zona, p. ej. 2026-03-18T14:34:00Z',
      );
    }
    expect(await paymentRows()).toEqual([]);
  });
});
