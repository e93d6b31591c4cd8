import { publicLoanDetail, publicLookupResult } from '@prestaya/contracts';
import { formatPaymentReference } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loansApi, paymentsApi } from '../support/api.ts';
import { expectProblem, useTestApp } from '../support/app.ts';
import { allKeys, LOOKUP_MISS, publicApi, TOO_MANY } from '../support/public-api.ts';
import { activeLoan, overdueLoan, secondCustomer, useLoanWorld } from '../support/worlds.ts';

/**
 * GET /public/api/v1/loans/search and /loans/{id}: only with proof, only what the pages show, a miss
 * that says nothing, and at most 30 lookups a minute per client.
 */
const context = useTestApp();
const api = () => publicApi(context.app);
const world = useLoanWorld(context);
const PHONE = '5512345678'; // the world's customer (test/customers/support.ts newCustomer)

/** A loan 10 days old: installment 1 overdue with fees T−2, T−1, T. */
/** Nothing private anywhere in a public reply. */
function expectNothingPrivate(body: string) {
  expect(body).not.toContain(PHONE);
  expect(body).not.toContain(world.customer.curp);
  expect(body).not.toContain(world.customer.id);
  expect(body).not.toContain(world.agent.id);
  expect(body).not.toContain(world.admin.id);
  expect(body).not.toMatch(/agent|curp|phone|bankAccount|createdBy|registeredBy|scheduledPaymentId/i);
}

describe('public lookup', () => {
  it('finds the loan by number AND phone with the same pending payments as staff, and nothing else', async () => {
    const { loan } = await overdueLoan(context, world);
    const response = await api().search(`?num=${loan.num}&phone=${PHONE}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'status']);
    expect(body.status).toBe('OK');
    expect(publicLookupResult.strict().safeParse(body.data).success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(['loan', 'pendingPayments', 'proof']);
    expect(body.data.loan).toEqual({
      id: loan.id,
      num: loan.num,
      name: 'Lucía',
      lastName: 'Núñez',
      secondLastName: 'Gómez',
      status: 'DELAYED',
      paymentReference: formatPaymentReference(loan.num),
    });
    expect(Object.keys(body.data.pendingPayments).sort()).toEqual(['fees', 'scheduledPayments', 'total']);
    const staff = await paymentsApi(context).pendingOk(world.admin.token, loan.id);
    expect(body.data.pendingPayments.total).toBe(staff.total);
    expect(body.data.pendingPayments.scheduledPayments).toEqual(
      staff.scheduledPayments.map(({ id, paymentNumber, concept, dueDate, status, amount }) => ({
        id,
        paymentNumber,
        concept,
        dueDate,
        status,
        amount,
      })),
    );
    expect(body.data.pendingPayments.fees).toEqual(
      staff.fees.map(({ id, concept, feeDate, status, amount }) => ({
        id,
        concept,
        feeDate,
        status,
        amount,
      })),
    );
    expect(body.data.pendingPayments.fees).toHaveLength(3);
    for (const p of body.data.pendingPayments.scheduledPayments)
      expect(Object.keys(p).sort()).toEqual([
        'amount',
        'concept',
        'dueDate',
        'id',
        'paymentNumber',
        'status',
      ]);
    for (const f of body.data.pendingPayments.fees)
      expect(Object.keys(f).sort()).toEqual(['amount', 'concept', 'feeDate', 'id', 'status']);
    expect([...allKeys(body)].sort()).toEqual(
      [
        'status',
        'data',
        'loan',
        'id',
        'num',
        'name',
        'lastName',
        'secondLastName',
        'paymentReference',
        'pendingPayments',
        'scheduledPayments',
        'paymentNumber',
        'concept',
        'dueDate',
        'amount',
        'fees',
        'feeDate',
        'total',
        'proof',
      ].sort(),
    );
    expectNothingPrivate(response.body);
  });

  it('a wrong number and a wrong phone are byte-identical misses', async () => {
    const { loan } = await activeLoan(context, world.admin, world.customer.id);
    const other = await activeLoan(
      context,
      world.admin,
      (await secondCustomer(context, world.admin, { secondLastName: null })).id,
    );
    const wrongNumber = await api().search(`?num=${loan.num + 1000}&phone=${PHONE}`);
    const wrongPhone = await api().search(`?num=${loan.num}&phone=5599999999`);
    // The other customer's phone with this loan's number: a miss too.
    const crossed = await api().search(`?num=${loan.num}&phone=5587654321`);
    expect((await api().search(`?num=${other.loan.num}&phone=5587654321`)).statusCode).toBe(200);
    for (const miss of [wrongNumber, wrongPhone, crossed]) expectProblem(miss, 404, LOOKUP_MISS);
    expect(wrongPhone.body).toBe(wrongNumber.body);
    expect(crossed.body).toBe(wrongNumber.body);
    expect(wrongPhone.headers['content-type']).toBe(wrongNumber.headers['content-type']);
    expect(wrongPhone.headers['content-length']).toBe(wrongNumber.headers['content-length']);
  });

  it('a CANCELLED loan is not found; a PENDING one is, with nothing to pay', async () => {
    const pending = await loansApi(context).createOk(world.admin.token, world.customer.id);
    const found = await api().search(`?num=${pending.num}&phone=${PHONE}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.pendingPayments).toEqual({ scheduledPayments: [], fees: [], total: 0 });
    await context.database.db.execute(sql`update loans set status = 'CANCELLED' where id = ${pending.id}`);
    expectProblem(await api().search(`?num=${pending.num}&phone=${PHONE}`), 404, LOOKUP_MISS);
  });

  it.each([
    ['no query', ''],
    ['no phone', '?num=1000'],
    ['no number', `?phone=${PHONE}`],
    ['a 9-digit phone', '?num=1000&phone=551234567'],
    ['letters in the phone', '?num=1000&phone=55123456ab'],
    ['a non-numeric number', `?num=abc&phone=${PHONE}`],
    ['a zero number', `?num=0&phone=${PHONE}`],
    ['a huge number', `?num=99999999999&phone=${PHONE}`],
  ])('refuses %s with 400', async (_name, query) => {
    expectProblem(await api().search(query), 400);
  });
});

describe('public loan statement', () => {
  it('shows the loan, its fees not cancelled by date and its schedule by number — nothing else', async () => {
    const { loan, schedule } = await overdueLoan(context, world);
    const fees = await paymentsApi(context).feesOk(world.admin.token, loan.id);
    const cancelled = fees[1];
    if (!cancelled) throw new Error('expected fees');
    const cancel = await paymentsApi(context).cancelFee(world.admin.token, loan.id, cancelled.id);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const staffLoan = (await loansApi(context).get(world.admin.token, loan.id)).json().data;

    const response = await api().detail(loan.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'status']);
    expect(body.status).toBe('OK');
    expect(publicLoanDetail.strict().safeParse(body.data).success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(['fees', 'loan', 'schedulePayments']);
    expect(body.data.loan).toEqual({
      id: loan.id,
      num: loan.num,
      amount: staffLoan.amount,
      totalToRepay: staffLoan.totalToRepay,
      currentBalance: staffLoan.currentBalance,
      inValidation: 0,
      balanceAfterValidation: staffLoan.currentBalance,
      requestDate: staffLoan.requestDate,
      approvedOn: staffLoan.approvedOn,
      activatedOn: staffLoan.activatedOn,
      status: 'DELAYED',
      customer: { name: 'Lucía', lastName: 'Núñez', secondLastName: 'Gómez' },
      paymentReference: formatPaymentReference(loan.num),
    });
    expect(body.data.fees.map((f: { id: string }) => f.id)).toEqual(
      fees.filter((f) => f.id !== cancelled.id).map((f) => f.id),
    );
    for (const f of body.data.fees)
      expect(Object.keys(f).sort()).toEqual(['amount', 'concept', 'feeDate', 'id', 'status']);
    expect(body.data.schedulePayments).toEqual(
      schedule.map(({ id, paymentNumber, concept, dueDate, status, amount }) => ({
        id,
        paymentNumber,
        concept,
        dueDate,
        status: paymentNumber === 1 ? 'DELAYED' : status,
        amount,
      })),
    );
    expect(body.data.schedulePayments).toHaveLength(12);
    expectNothingPrivate(response.body);
  });

  it('a loan not yet delivered shows an empty schedule; a cancelled one its status', async () => {
    const pending = await loansApi(context).createOk(world.admin.token, world.customer.id);
    const response = await api().detail(pending.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      loan: { status: 'PENDING', approvedOn: null, activatedOn: null },
      fees: [],
      schedulePayments: [],
    });
    await context.database.db.execute(sql`update loans set status = 'CANCELLED' where id = ${pending.id}`);
    expect((await api().detail(pending.id)).json().data.loan.status).toBe('CANCELLED');
  });

  it('an unknown id is 404 Préstamo no encontrado; a malformed one 400', async () => {
    expectProblem(await api().detail('01890a5d-ac96-774b-bcce-b302099a8057'), 404, 'Préstamo no encontrado');
    expectProblem(await api().detail('not-a-uuid'), 400);
  });
});

describe('public lookup rate limit', () => {
  it('allows 30 lookups a minute per client (search and statement together), then 429', async () => {
    const { loan } = await activeLoan(context, world.admin, world.customer.id);
    for (let i = 0; i < 15; i++) {
      expect((await api().search(`?num=${loan.num}&phone=${PHONE}`)).statusCode).toBe(200);
      expect((await api().detail(loan.id)).statusCode).toBe(200);
    }
    expectProblem(await api().search(`?num=${loan.num}&phone=${PHONE}`), 429, TOO_MANY);
    expectProblem(await api().detail(loan.id), 429, TOO_MANY);
    // Guessing is throttled before it reaches the database lookups: random misses are 429 too.
    expectProblem(await api().search('?num=1234&phone=5500000000'), 429, TOO_MANY);
    // The limit lives in PostgreSQL under the client's key.
    const rows = await context.database.db.execute(
      sql`select key, hits from rate_limit_hits where key like 'public-lookup:%'`,
    );
    expect((rows as unknown as { rows: { key: string; hits: number }[] }).rows).toEqual([
      { key: 'public-lookup:127.0.0.1', hits: 33 },
    ]);
  });

  it('1,000 guesses with random numbers and phones from one client are throttled and find nothing', async () => {
    await activeLoan(context, world.admin, world.customer.id);
    const codes = new Map<number, number>();
    for (let i = 0; i < 1_000; i++) {
      const num = 1000 + Math.floor(Math.random() * 5_000);
      const phone = String(5_500_000_000 + Math.floor(Math.random() * 99_999_999));
      const { statusCode } = await api().search(`?num=${num}&phone=${phone}`);
      codes.set(statusCode, (codes.get(statusCode) ?? 0) + 1);
    }
    // 30 answered (all misses), 970 throttled; not one found a loan.
    expect(Object.fromEntries(codes)).toEqual({ 404: 30, 429: 970 });
  });

  it('a second server on the same database shares the count', async () => {
    const { buildApp } = await import('../../src/app.ts');
    const { testConfig } = await import('../support/app.ts');
    const second = await buildApp({ config: testConfig(), database: context.database, logger: false });
    try {
      for (let i = 0; i < 30; i++) {
        const app = i % 2 === 0 ? context.app : second;
        expect((await publicApi(app).search('?num=1000&phone=5500000000')).statusCode).toBe(404);
      }
      expectProblem(await publicApi(second).search('?num=1000&phone=5500000000'), 429, TOO_MANY);
      expectProblem(await publicApi(context.app).search('?num=1000&phone=5500000000'), 429, TOO_MANY);
    } finally {
      await second.close();
    }
  });
});
