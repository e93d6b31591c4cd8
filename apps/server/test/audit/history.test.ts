import type { AuditEntry } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customersApi, loansApi, paymentsApi } from '../support/api.ts';
import { createAdmin, createUserAndLogin, expectProblem, request, useTestApp } from '../support/app.ts';
import { formOf, jsonPart } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { feeRows } from '../support/records.ts';
import { accrue, activeLoan, loanWorld } from '../support/worlds.ts';

const context = useTestApp();
const UNKNOWN = '01900000-0000-7000-8000-000000000000';

const history = (token: string, entity: string, id: string) =>
  request(context.app, { method: 'GET', url: `/api/v1/audit/${entity}/${id}`, token });

async function historyOk(token: string, entity: string, id: string): Promise<AuditEntry[]> {
  const response = await history(token, entity, id);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().status).toBe('OK');
  return response.json().data;
}

const summary = (entry: AuditEntry) => [entry.entity, entry.entityId, entry.action];

/** An active loan whose first installment the agent paid in cash and the admin confirmed. */
async function confirmedPayment(world: Awaited<ReturnType<typeof loanWorld>>) {
  const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
  const api = paymentsApi(context);
  const payment = await api.registerOk(world.agent.token, loan.id, [
    jsonPart({ scheduledPaymentIds: [schedule[0]?.id ?? ''], paymentMethod: 'CASH' }),
  ]);
  const account = (
    await request(context.app, { method: 'GET', url: '/api/v1/bank-accounts', token: world.admin.token })
  ).json().data[0];
  await api.decideOk(world.admin.token, payment.id, { status: 'PAID', targetAccountId: account.id });
  return { loan, payment, account };
}

describe('GET /audit/{entity}/{entityId}', () => {
  it("a customer's history holds its rows and its addresses' rows (deleted ones too), nobody else's", async () => {
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const otherAgent = await createUserAndLogin(context);
    const api = customersApi(context);
    const customer = await api.createOk(agent.token);
    const home = await api.addAddressOk(agent.token, customer.id);
    const work = await api.addAddressOk(agent.token, customer.id, { street: 'Reforma' });
    expect(
      (await api.updateAddress(agent.token, customer.id, home.id, { ...home, city: 'Coyoacán' })).statusCode,
    ).toBe(200);
    expect((await api.deleteAddress(agent.token, customer.id, work.id)).statusCode).toBe(200);
    expect(
      (await api.update(admin.token, customer.id, { ...formOf(customer), name: 'Josefina' })).statusCode,
    ).toBe(200);
    // Another customer of the same agent, with an address: none of it belongs to this history.
    const neighbour = await api.createOk(agent.token);
    await api.addAddressOk(agent.token, neighbour.id);

    const expected = [
      ['customer', customer.id, 'updated'],
      ['address', work.id, 'deleted'],
      ['address', home.id, 'updated'],
      ['address', work.id, 'created'],
      ['address', home.id, 'created'],
      ['customer', customer.id, 'created'],
    ];
    const seenByAgent = await historyOk(agent.token, 'customer', customer.id);
    expect(seenByAgent.map(summary)).toEqual(expected);
    expect(seenByAgent[0]?.user?.id).toBe(admin.id);
    expect(seenByAgent[1]?.before).toMatchObject({ customerId: customer.id, street: 'Reforma' });
    expect((await historyOk(admin.token, 'customer', customer.id)).map(summary)).toEqual(expected);

    // Another agent's customer does not exist for them, exactly as GET /customers/{id} answers.
    expectProblem(await history(otherAgent.token, 'customer', customer.id), 404, 'Cliente no encontrado');
    expectProblem(await api.get(otherAgent.token, customer.id), 404, 'Cliente no encontrado');
    expectProblem(await history(admin.token, 'customer', UNKNOWN), 404, 'Cliente no encontrado');
    expectProblem(await history(admin.token, 'user', admin.id), 400);
    expectProblem(await history(admin.token, 'customer', 'not-a-uuid'), 400);
    expectProblem(await history(agent.token, 'customer', customer.id.replace(/^./, '')), 400);
  });

  it("a loan's history holds its rows and its fees' rows, not another loan's", async () => {
    const world = await loanWorld(context);
    const otherAgent = await createUserAndLogin(context);
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id, {
      requestDate: addDays(businessToday(), -9),
    });
    await accrue(context, businessToday());
    const fees = await feeRows(context, loan.id);
    expect(fees.length).toBeGreaterThan(0);
    const fee = fees[0];
    if (!fee || !schedule[0]) throw new Error('fixture: the loan should have a fee and installments');
    const cancel = await paymentsApi(context).cancelFee(world.admin.token, loan.id, fee.id);
    expect(cancel.statusCode, cancel.body).toBe(200);
    // A request of another customer: its rows are not this loan's.
    const neighbour = await customersApi(context).createOk(world.agent.token);
    const otherLoan = await loansApi(context).createOk(world.agent.token, neighbour.id);

    const entries = await historyOk(world.agent.token, 'loan', loan.id);
    const feeEntries = entries.filter((entry) => entry.entity === 'fee');
    expect(feeEntries.map(summary)).toEqual([['fee', fee.id, 'cancelled']]);
    expect(feeEntries[0]?.user?.id).toBe(world.admin.id);
    expect(
      entries
        .filter((entry) => entry.entity === 'loan')
        .map((entry) => entry.action)
        .reverse(),
    ).toEqual(expect.arrayContaining(['created', 'approved', 'activated', 'recomputed']));
    expect(entries.at(-1)).toMatchObject({ entity: 'loan', entityId: loan.id, action: 'created' });
    expect(entries.every((entry) => entry.entityId === loan.id || entry.entity === 'fee')).toBe(true);
    expect(entries.some((entry) => entry.entityId === otherLoan.id)).toBe(false);
    const times = entries.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    expectProblem(await history(otherAgent.token, 'loan', loan.id), 404, 'Préstamo no encontrado');
    expectProblem(await history(world.admin.token, 'loan', UNKNOWN), 404, 'Préstamo no encontrado');
  });

  it("a payment's history: registered then confirmed; another agent gets 404", async () => {
    const world = await loanWorld(context);
    const otherAgent = await createUserAndLogin(context);
    const { payment } = await confirmedPayment(world);

    const entries = await historyOk(world.agent.token, 'payment', payment.id);
    expect(entries.map(summary)).toEqual([
      ['payment', payment.id, 'confirmed'],
      ['payment', payment.id, 'registered'],
    ]);
    expect(entries.map((entry) => entry.user?.id)).toEqual([world.admin.id, world.agent.id]);
    expect(entries[0]?.after).toMatchObject({ status: 'PAID' });

    expectProblem(await history(otherAgent.token, 'payment', payment.id), 404, 'Pago no encontrado');
    expectProblem(await history(world.admin.token, 'payment', UNKNOWN), 404, 'Pago no encontrado');
  });

  it('names the users, accounts, loans and customers the snapshots refer to by id', async () => {
    const world = await loanWorld(context);
    const { loan, payment, account } = await confirmedPayment(world);

    const [confirmed, registered] = await historyOk(world.agent.token, 'payment', payment.id);
    expect(registered?.after).toMatchObject({ loanId: loan.id, registeredBy: world.agent.id });
    expect(registered?.names).toMatchObject({ [loan.id]: `No. ${loan.num}`, [world.agent.id]: 'Ana Agente' });
    expect(confirmed?.names?.[world.agent.id]).toBe('Ana Agente');

    const loanEntries = await historyOk(world.admin.token, 'loan', loan.id);
    const names = Object.assign({}, ...loanEntries.map((entry) => entry.names ?? {}));
    expect(names).toMatchObject({
      [world.customer.id]: `Lucía Núñez Gómez (No. ${world.customer.num})`,
      [account.id]: account.name,
    });
    // A row whose snapshots name nothing resolvable carries no names at all.
    expect(
      loanEntries.every((entry) => entry.names === undefined || Object.keys(entry.names).length > 0),
    ).toBe(true);
  });

  it('answers at most the 200 newest rows', async () => {
    const admin = await createAdmin(context);
    const customer = await customersApi(context).createOk(admin.token);
    await context.database.db.execute(sql`
      insert into audit_log (id, at, user_id, entity, entity_id, action, after)
      select gen_random_uuid(), timestamptz '2021-01-01 00:00Z' + n * interval '1 minute', null,
             'customer', ${customer.id}, 'updated', jsonb_build_object('n', n)
        from generate_series(1, 205) as n`);

    const entries = await historyOk(admin.token, 'customer', customer.id);
    expect(entries).toHaveLength(200);
    // The creation (now) first, then the inserted rows from the newest (n = 205) down to n = 7.
    expect(entries[0]?.action).toBe('created');
    expect(entries.slice(1).map((entry) => entry.after?.n)).toEqual(
      Array.from({ length: 199 }, (_, i) => 205 - i),
    );
  });
});
