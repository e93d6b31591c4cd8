import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { customersApi, loansApi } from '../support/api.ts';
import { expectProblem } from '../support/app.ts';
import { currentInstant } from '../support/clock.ts';
import { expectCollectionDueFigures } from '../support/collection-due-invariant.ts';
import { namesOf, useCollectionsWorld } from '../support/collections-world.ts';
import { rowsOf } from '../support/database.ts';
import { visitsApi } from '../support/field-api.ts';
import { countOf } from '../support/records.ts';
import { type ActiveLoan, registerOldest } from '../support/worlds.ts';

const { context, day, loanDue, staff, T, tabOf } = useCollectionsWorld();
const visits = visitsApi(context);

/**
 * POST/GET /api/v1/loans/{id}/visits and GET /customers/{id}/visits, and the visits on 'Cobranza'.
 * Ana's loans are $1,001 (balance $1,201.20): Hugo's installment 1 is due today; Lalo's is due in 4
 * days, so Lalo is on 'Hoy' only through a promise for today. Beto owns neither.
 */
let hugo: ActiveLoan;
let lalo: ActiveLoan;

beforeEach(async () => {
  hugo = await loanDue(staff.admin, staff.ana, { name: 'Hugo' });
  lalo = await loanDue(staff.admin, staff.ana, { name: 'Lalo', requestDate: day(-3) });
});

const now = () => currentInstant().toISOString();
const minutesFromNow = (minutes: number) =>
  new Date(currentInstant().getTime() + minutes * 60_000).toISOString();
const promise = (over: Record<string, unknown> = {}) => ({
  outcome: 'PROMISE',
  visitedAt: now(),
  promisedDate: day(2),
  promisedAmount: 500,
  note: 'Paga el viernes',
  ...over,
});

describe('recording a visit', () => {
  it('records each outcome with its moment, promise and note, and audits it', async () => {
    const notHome = await visits.recordOk(staff.ana.token, hugo.loan.id, {
      outcome: 'NOT_HOME',
      visitedAt: now(),
    });
    expect(notHome).toMatchObject({
      loan: { id: hugo.loan.id, num: hugo.loan.num },
      customerId: hugo.loan.customer.id,
      agent: { id: staff.ana.id, name: 'Ana', lastName: 'Agente' },
      outcome: 'NOT_HOME',
      promisedDate: null,
      promisedAmount: null,
      note: null,
      promise: null,
    });
    const refused = await visits.recordOk(staff.ana.token, hugo.loan.id, {
      outcome: 'REFUSED',
      visitedAt: now(),
      note: '  Dice que ya no paga  ',
    });
    expect(refused).toMatchObject({ outcome: 'REFUSED', note: 'Dice que ya no paga' });
    const promised = await visits.recordOk(staff.ana.token, hugo.loan.id, promise());
    expect(promised).toMatchObject({
      outcome: 'PROMISE',
      promisedDate: day(2),
      promisedAmount: 500,
      note: 'Paga el viernes',
      promise: { outcome: 'PENDING', collected: 0 },
    });

    const audit = rowsOf<{ action: string; after: Record<string, unknown> }>(
      await context.database.db.execute(
        sql`select action, after from audit_log where entity = 'visit' and entity_id = ${promised.id}`,
      ),
    );
    expect(audit).toEqual([
      {
        action: 'registered',
        after: expect.objectContaining({
          loanNum: hugo.loan.num,
          outcome: 'PROMISE',
          promisedDate: day(2),
          promisedAmount: 500,
          agentId: staff.ana.id,
        }),
      },
    ]);
    // Newest first, for the loan and for the customer.
    const ids = [promised.id, refused.id, notHome.id];
    expect((await visits.ofLoanOk(staff.ana.token, hugo.loan.id)).map((v) => v.id)).toEqual(ids);
    expect((await visits.ofCustomerOk(staff.ana.token, hugo.loan.customer.id)).map((v) => v.id)).toEqual(ids);
  });

  it('refuses what a visit cannot be, naming the field', async () => {
    const refusal = async (payload: unknown, status: number, detail: string) =>
      expectProblem(await visits.record(staff.ana.token, hugo.loan.id, payload), status, detail);
    await refusal(
      { outcome: 'GONE', visitedAt: now() },
      400,
      'outcome: Resultado inválido: use NOT_HOME, PROMISE o REFUSED',
    );
    await refusal(
      { outcome: 'NOT_HOME', visitedAt: 'ayer' },
      400,
      'visitedAt: Fecha y hora inválidas, use ISO 8601 (AAAA-MM-DDTHH:MM:SSZ)',
    );
    await refusal(promise({ promisedDate: null }), 400, 'promisedDate: Indique la fecha de la promesa');
    await refusal(promise({ promisedAmount: undefined }), 400, 'promisedAmount: Indique el monto prometido');
    await refusal(
      { outcome: 'NOT_HOME', visitedAt: now(), promisedAmount: 100 },
      400,
      'promisedAmount: Solo una promesa de pago lleva fecha y monto',
    );
    await refusal(promise({ promisedAmount: 0 }), 400, 'promisedAmount: El monto debe ser mayor a 0');
    await refusal(
      promise({ promisedAmount: 1.005 }),
      400,
      'promisedAmount: El monto admite como máximo 2 decimales',
    );
    await refusal(
      promise({ promisedAmount: 1_201.21 }),
      400,
      'promisedAmount: El monto prometido no puede ser mayor al saldo del préstamo ($1,201.20)',
    );
    await refusal(
      promise({ promisedDate: day(-1) }),
      400,
      'promisedDate: La fecha de la promesa no puede ser anterior al día de la visita',
    );
    await refusal(
      promise({ promisedDate: day(31) }),
      400,
      'promisedDate: La fecha de la promesa puede ser a lo más 30 días después de la visita',
    );
    await refusal(
      { outcome: 'NOT_HOME', visitedAt: minutesFromNow(10) },
      400,
      'visitedAt: La hora de la visita no puede ser posterior a la hora actual',
    );
    await refusal(
      { outcome: 'NOT_HOME', visitedAt: minutesFromNow(-8 * 24 * 60) },
      400,
      'visitedAt: La visita no puede tener más de 7 días',
    );
    await refusal(
      { outcome: 'NOT_HOME', visitedAt: now(), note: 'x'.repeat(301) },
      400,
      'note: La nota admite como máximo 300 caracteres',
    );
    await refusal(
      { outcome: 'NOT_HOME', visitedAt: now(), note: 'a\u202Eb' },
      400,
      'note: La nota contiene caracteres no permitidos',
    );
    // The bounds themselves are accepted: the whole balance, 30 days ahead, a phone 4 minutes ahead.
    await visits.recordOk(
      staff.ana.token,
      hugo.loan.id,
      promise({ promisedAmount: 1_201.2, promisedDate: day(30) }),
    );
    await visits.recordOk(staff.ana.token, hugo.loan.id, {
      outcome: 'NOT_HOME',
      visitedAt: minutesFromNow(4),
    });
    expect(await countOf(context, 'visits')).toBe(2);
  });

  it('records visits of open loans only', async () => {
    const customer = await customersApi(context).createOk(staff.ana.token, {
      name: 'Paula',
      lastName: 'Espera',
    });
    const pending = await loansApi(context).createOk(staff.ana.token, customer.id, { amount: 2_000 });
    expectProblem(
      await visits.record(staff.ana.token, pending.id, { outcome: 'NOT_HOME', visitedAt: now() }),
      409,
      'Solo se registran visitas de préstamos activos o atrasados',
    );
    expect(await countOf(context, 'visits')).toBe(0);
  });
});

describe('who records and reads visits', () => {
  it('the customer agent and administrators; another agent finds no such loan or customer', async () => {
    const byAdmin = await visits.recordOk(staff.admin.token, hugo.loan.id, {
      outcome: 'NOT_HOME',
      visitedAt: now(),
    });
    expect(byAdmin.agent.id).toBe(staff.admin.id);
    expectProblem(
      await visits.record(staff.beto.token, hugo.loan.id, { outcome: 'NOT_HOME', visitedAt: now() }),
      404,
      'Préstamo no encontrado',
    );
    expectProblem(await visits.ofLoan(staff.beto.token, hugo.loan.id), 404, 'Préstamo no encontrado');
    expectProblem(
      await visits.ofCustomer(staff.beto.token, hugo.loan.customer.id),
      404,
      'Cliente no encontrado',
    );
    expect(await visits.ofLoanOk(staff.admin.token, hugo.loan.id)).toHaveLength(1);
    expect(await countOf(context, 'visits')).toBe(1);
  });
});

describe('the phone queue retries a visit', () => {
  it('gets the first visit back for the same key, never a second row', async () => {
    const payload = promise();
    const first = await visits.recordOk(staff.ana.token, hugo.loan.id, payload, 'visita-0001-abcd');
    const again = await visits.recordOk(staff.ana.token, hugo.loan.id, payload, 'visita-0001-abcd');
    expect(again).toEqual(first);
    // Two copies at once (a retry while the first is still on its way) meet on the key too.
    const copies = await Promise.all(
      [1, 2].map(() =>
        visits.recordOk(
          staff.ana.token,
          lalo.loan.id,
          { outcome: 'REFUSED', visitedAt: payload.visitedAt },
          'visita-0002-abcd',
        ),
      ),
    );
    expect(copies[0]?.id).toBe(copies[1]?.id);
    expect(await countOf(context, 'visits')).toBe(2);
  });

  it('answers a retry even after the loan stopped taking visits', async () => {
    const payload = { outcome: 'NOT_HOME', visitedAt: now() };
    const first = await visits.recordOk(staff.ana.token, hugo.loan.id, payload, 'visita-0003-abcd');
    await context.database.db.execute(sql`update loans set status = 'PAID' where id = ${hugo.loan.id}`);
    expect(await visits.recordOk(staff.ana.token, hugo.loan.id, payload, 'visita-0003-abcd')).toEqual(first);
  });

  it('refuses the same key with another visit, and keys are per agent', async () => {
    await visits.recordOk(
      staff.ana.token,
      hugo.loan.id,
      { outcome: 'NOT_HOME', visitedAt: now() },
      'visita-0004-abcd',
    );
    expectProblem(
      await visits.record(
        staff.ana.token,
        hugo.loan.id,
        { outcome: 'REFUSED', visitedAt: now() },
        'visita-0004-abcd',
      ),
      422,
      'idempotency-key: Esta clave de idempotencia ya se usó con otra visita; envíe una clave nueva para esta visita',
    );
    await visits.recordOk(
      staff.admin.token,
      hugo.loan.id,
      { outcome: 'REFUSED', visitedAt: now() },
      'visita-0004-abcd',
    );
    expectProblem(
      await visits.record(staff.ana.token, hugo.loan.id, { outcome: 'NOT_HOME', visitedAt: now() }, 'corta'),
      400,
      'idempotency-key: Debe tener de 8 a 100 letras, dígitos, "-" o "_"',
    );
    expect(await countOf(context, 'visits')).toBe(2);
  });
});

describe('visits on Cobranza', () => {
  it("puts a loan with a promise for today on 'Hoy' with the promise, and its last visit on the card", async () => {
    expect(namesOf(await tabOf(staff.ana.token, 'today'))).toEqual(['Hugo']);
    await visits.recordOk(staff.ana.token, lalo.loan.id, promise({ promisedDate: T, promisedAmount: 300 }));
    const later = await visits.recordOk(staff.ana.token, lalo.loan.id, {
      outcome: 'NOT_HOME',
      visitedAt: now(),
    });

    const today = await tabOf(staff.ana.token, 'today');
    expect(namesOf(today)).toEqual(['Hugo', 'Lalo']);
    expect(today.summary.counts.today).toBe(2);
    const card = today.data.find((c) => c.customer.name === 'Lalo');
    expect(card).toMatchObject({
      due: { scheduledPayments: [], fees: [], total: 0 },
      lastVisit: { outcome: 'NOT_HOME', visitedAt: later.visitedAt, promisedDate: null },
      promise: { outcome: 'PROMISE', promisedDate: T, promisedAmount: 300, note: 'Paga el viernes' },
    });
    // Hugo has no visit yet.
    expect(today.data.find((c) => c.customer.name === 'Hugo')).toMatchObject({
      lastVisit: null,
      promise: null,
    });
    // A promise is not due before its day: not 'Atrasados'.
    expect(namesOf(await tabOf(staff.ana.token, 'overdue'))).toEqual([]);
    // 'Todos' counts the loan whose standing promise is all it has (the loan's promised day, kept by
    // the visits' triggers, and collection_promise_tally).
    const all = await tabOf(staff.admin.token, 'today');
    expect([all.data, all.summary]).toEqual([today.data, today.summary]);
    await expectCollectionDueFigures(context.database.db);
  });

  it('follows the latest promise: a new promise for another day takes the loan off Hoy', async () => {
    await visits.recordOk(staff.ana.token, lalo.loan.id, promise({ promisedDate: T }));
    await visits.recordOk(
      staff.ana.token,
      lalo.loan.id,
      promise({ promisedDate: day(3), visitedAt: minutesFromNow(1) }),
    );
    const today = await tabOf(staff.ana.token, 'today');
    expect(namesOf(today)).toEqual(['Hugo']);
    // An administrator's 'Todos' reads the promises the same way.
    const all = await tabOf(staff.admin.token, 'today');
    expect([namesOf(all), all.summary.counts.today]).toEqual([['Hugo'], 1]);
    await expectCollectionDueFigures(context.database.db);
  });

  it("shows another agent's customers' promises to their agent and to 'Todos' only", async () => {
    await visits.recordOk(staff.admin.token, lalo.loan.id, promise({ promisedDate: T }));
    expect(namesOf(await tabOf(staff.ana.token, 'today'))).toEqual(['Hugo', 'Lalo']);
    expect(namesOf(await tabOf(staff.admin.token, 'today'))).toEqual(['Hugo', 'Lalo']);
    expect(namesOf(await tabOf(staff.beto.token, 'today'))).toEqual([]);
  });
});

describe("a promise's standing", () => {
  it('is kept once the payments since the visit reach the promised amount', async () => {
    const promised = await visits.recordOk(staff.ana.token, hugo.loan.id, promise({ promisedAmount: 100.1 }));
    expect(promised.promise).toEqual({ outcome: 'PENDING', collected: 0 });
    await registerOldest(context, staff.ana, hugo.loan.id, 1);
    const [visit] = await visits.ofCustomerOk(staff.ana.token, hugo.loan.customer.id);
    expect(visit?.promise).toEqual({ outcome: 'KEPT', collected: 100.1 });
  });
});
