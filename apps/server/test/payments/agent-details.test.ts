import { describe, expect, it } from 'vitest';
import { customersApi } from '../support/api.ts';
import { createUserAndLogin, expectProblem, request } from '../support/app.ts';
import { filePart, fixture, formOf, jsonPart, rejection } from '../support/builders.ts';
import { imageOf } from '../support/images.ts';
import { usePaymentsWorld } from '../support/payments-world.ts';
import { activeLoan, openAccount, secondCustomer } from '../support/worlds.ts';

const { api, context, world } = usePaymentsWorld();

/**
 * An agent reads (never decides) the details of the payments they registered and of the payments of
 * their customers' loans: the same reply as an administrator's, proof links included. Any other
 * payment is 'Pago no encontrado', as another agent's loan is.
 */

const history = (token: string, id: string) =>
  request(context.app, { method: 'GET', url: `/api/v1/audit/payment/${id}`, token });

/** A TRANSFER payment with a proof image for the first installment of a loan of `customerId`. */
async function paymentWithProof(customerId: string, registeredBy = world.admin) {
  const { loan, schedule } = await activeLoan(context, world.admin, customerId);
  const payment = await api.registerOk(registeredBy.token, loan.id, [
    jsonPart({ scheduledPaymentIds: [schedule[0]?.id ?? ''], paymentMethod: 'TRANSFER' }),
    filePart(fixture('proof.jpg'), 'foto.jpg', 'image/jpeg'),
  ]);
  return { loan, payment };
}

describe('GET /payments/{id}/details for an agent', () => {
  it("reads a payment of their customer's loan, registered by someone else, with its proof", async () => {
    const { payment } = await paymentWithProof(world.customer.id, world.admin);
    const seenByAdmin = await api.detailsOk(world.admin.token, payment.id);
    const seenByAgent = await api.detailsOk(world.agent.token, payment.id);
    expect(seenByAgent.payment).toEqual(seenByAdmin.payment);
    expect(seenByAgent.lines).toEqual(seenByAdmin.lines);
    const [attachment] = seenByAgent.attachments;
    if (!attachment) throw new Error('no attachment');
    const image = await request(context.app, { method: 'GET', url: attachment.uri });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // The server's re-encoded copy of the uploaded picture.
    expect(await imageOf(image.rawPayload)).toMatchObject(await imageOf(fixture('proof.jpg')));
    expect((await history(world.agent.token, payment.id)).statusCode).toBe(200);
  });

  it('reads the payments they registered after the customer moved to another agent; others get 404', async () => {
    const newAgent = await createUserAndLogin(context, { name: 'Nora', lastName: 'Nueva' });
    const stranger = await createUserAndLogin(context, { name: 'Otto', lastName: 'Otro' });
    const { payment } = await paymentWithProof(world.customer.id, world.agent);
    const moved = await customersApi(context).update(world.admin.token, world.customer.id, {
      ...formOf(world.customer),
      agentId: newAgent.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    for (const reader of [world.agent, newAgent]) {
      expect((await api.detailsOk(reader.token, payment.id)).payment.id).toBe(payment.id);
      expect((await history(reader.token, payment.id)).statusCode).toBe(200);
    }
    expectProblem(await api.details(stranger.token, payment.id), 404, 'Pago no encontrado');
    expectProblem(await history(stranger.token, payment.id), 404, 'Pago no encontrado');
  });

  it("gets 404 for another agent's customer's payment and for an unknown id", async () => {
    const stranger = await createUserAndLogin(context, { name: 'Otto', lastName: 'Otro' });
    const theirs = await secondCustomer(context, stranger);
    const { payment } = await paymentWithProof(theirs.id, world.admin);
    expectProblem(await api.details(world.agent.token, payment.id), 404, 'Pago no encontrado');
    expect((await api.detailsOk(stranger.token, payment.id)).payment.id).toBe(payment.id);
    expectProblem(
      await api.details(world.agent.token, '0196a000-0000-7000-8000-000000000000'),
      404,
      'Pago no encontrado',
    );
  });

  it('stays read-only: deciding, the list and its export are 403 for the agent', async () => {
    const { payment } = await paymentWithProof(world.customer.id, world.agent);
    const account = await openAccount(context, world.admin, 1_000);
    const token = world.agent.token;
    expectProblem(await api.decide(token, payment.id, rejection()), 403);
    expectProblem(await api.decide(token, payment.id, { status: 'PAID', targetAccountId: account.id }), 403);
    expectProblem(await api.list(token), 403);
    expectProblem(
      await request(context.app, { method: 'GET', url: '/api/v1/payments/export.csv', token }),
      403,
    );
    expect((await api.detailsOk(token, payment.id)).payment.status).toBe('VALIDATING');
  });
});
