import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUserAndLogin, expectProblem, request } from '../support/app.ts';
import { filePart, fixture, jsonPart, multipart, type Part } from '../support/builders.ts';
import { LOOKUP_REQUIRED } from '../support/public-api.ts';
import { usePublicPaymentWorld } from '../support/public-payment-world.ts';

/**
 * "Pago sin PIN" (docs/product.md): the borrower registers from /consulta, with the lookup's proof
 * and no PIN, a payment that waits; the customer's agent (or an administrator) authorises it from their
 * session; another agent gets 404. Runs on PGlite and, with DATABASE_URL, PostgreSQL.
 */
const { api, cash, context, ids, loan, paymentRows, query, world } = usePublicPaymentWorld();

async function proof() {
  const reply = await api().search(`?num=${await loanNum()}&phone=${world.customer.phone}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data.proof as string;
}
async function loanNum() {
  return (await query<{ num: number }>(sql`select num from loans where id = ${loan.id}`))[0]?.num;
}

function ask(parts: Part[], proofHeader: string | undefined) {
  const { payload, headers } = multipart(parts);
  return context.app.inject({
    method: 'POST',
    url: `/public/api/v1/loans/${loan.id}/payment-requests`,
    payload,
    headers: { ...headers, ...(proofHeader === undefined ? {} : { 'x-lookup-proof': proofHeader }) },
  });
}
const list = (token: string, loanId = loan.id) =>
  request(context.app, { method: 'GET', url: `/api/v1/loans/${loanId}/payment-requests`, token });
const authorise = (token: string, id: string) =>
  request(context.app, { method: 'POST', url: `/api/v1/payment-requests/${id}/authorise`, token });
const requestRows = () =>
  query<{ status: string; authorised_by: string | null; payment_id: string | null }>(
    sql`select status, authorised_by, payment_id from payment_requests order by created_on`,
  );
const installmentStatus = async (id: string) =>
  (await query<{ status: string }>(sql`select status from scheduled_payments where id = ${id}`))[0]?.status;

describe('Pago sin PIN', () => {
  it('needs the lookup proof of this loan; without it nothing is read or stored', async () => {
    expectProblem(await ask(cash(), undefined), 403, LOOKUP_REQUIRED);
    expectProblem(await ask(cash(), `9999999999.${'0'.repeat(64)}`), 403, LOOKUP_REQUIRED);
    expect(await requestRows()).toEqual([]);
  });

  it("waits for the customer's agent, who authorises it from the session; another agent gets 404", async () => {
    const created = await ask(cash(2), await proof());
    expect(created.statusCode, created.body).toBe(201);
    const waiting = created.json().data;
    expect(waiting).toMatchObject({ status: 'PENDING', amount: expect.any(Number) });
    // Nothing is paid nor held yet.
    expect(await paymentRows()).toEqual([]);
    expect(await installmentStatus(ids(1)[0] ?? '')).not.toBe('VALIDATING');

    const other = await createUserAndLogin(context, { name: 'Otro', lastName: 'Agente' });
    expectProblem(await list(other.token), 404);
    expectProblem(await authorise(other.token, waiting.id), 404);
    expect(await paymentRows()).toEqual([]);

    const seen = await list(world.agent.token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toEqual([
      {
        id: waiting.id,
        loanId: loan.id,
        amount: waiting.amount,
        paymentMethod: 'CASH',
        scheduledPaymentIds: ids(2),
        feeIds: [],
        hasProof: false,
        createdOn: waiting.createdOn,
      },
    ]);

    const done = await authorise(world.agent.token, waiting.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'VALIDATING', amount: waiting.amount });
    expect(await paymentRows()).toMatchObject([
      { status: 'VALIDATING', channel: 'PUBLIC', registered_by: world.agent.id, payment_method: 'CASH' },
    ]);
    expect(await requestRows()).toEqual([
      { status: 'AUTHORISED', authorised_by: world.agent.id, payment_id: done.json().data.id },
    ]);
    expect(await installmentStatus(ids(1)[0] ?? '')).toBe('VALIDATING');
    // Once only; and it is no longer listed.
    expectProblem(await authorise(world.agent.token, waiting.id), 409, 'El pago ya fue autorizado');
    expect((await list(world.agent.token)).json().data).toEqual([]);
    const audit = await query<{ action: string; user_id: string | null }>(
      sql`select action, user_id from audit_log where entity = 'payment_request' order by at, id`,
    );
    expect(audit).toEqual([
      { action: 'created', user_id: null },
      { action: 'authorised', user_id: world.agent.id },
    ]);
  });

  it('an administrator may authorise too; a transfer keeps its proof image for the payment', async () => {
    const created = await ask(
      [jsonPart({ scheduledPaymentIds: ids(1), paymentMethod: 1 as never }), filePart(fixture('proof.png'))],
      await proof(),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect((await list(world.admin.token)).json().data).toMatchObject([
      { hasProof: true, paymentMethod: 'TRANSFER' },
    ]);
    const done = await authorise(world.admin.token, created.json().data.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(await paymentRows()).toMatchObject([
      { payment_method: 'TRANSFER', registered_by: world.admin.id },
    ]);
    const attachments = await query<{ n: number }>(sql`select count(*)::int as n from payment_attachments`);
    expect(attachments).toEqual([{ n: 1 }]);
  });

  it('keeps the payment rules (oldest first) and at most 3 waiting per loan', async () => {
    const token = await proof();
    expectProblem(
      await ask([jsonPart({ scheduledPaymentIds: ids(2).slice(1), paymentMethod: 0 as never })], token),
      400,
      'Debe pagar primero los pagos más antiguos',
    );
    for (let i = 0; i < 3; i++) expect((await ask(cash(), token)).statusCode).toBe(201);
    expectProblem(
      await ask(cash(), token),
      409,
      'Ya hay 3 pagos de este préstamo esperando la autorización del agente; espere a que los autorice',
    );
    // The first authorised: the others of the same installment are then refused by the rules.
    const [first, second] = (await list(world.agent.token)).json().data as { id: string }[];
    expect((await authorise(world.agent.token, first?.id ?? '')).statusCode).toBe(200);
    expectProblem(await authorise(world.agent.token, second?.id ?? ''), 409);
    expect(await paymentRows()).toHaveLength(1);
  });

  it('waits one day: then it is neither listed nor authorised', async () => {
    const created = (await ask(cash(), await proof())).json().data;
    await context.database.db.execute(
      sql`update payment_requests set created_on = created_on - interval '1 day' where id = ${created.id}`,
    );
    expect((await list(world.agent.token)).json().data).toEqual([]);
    expectProblem(
      await authorise(world.agent.token, created.id),
      409,
      'La solicitud venció (espera un día); el cliente debe registrar el pago de nuevo',
    );
    expect(await paymentRows()).toEqual([]);
  });
});
