import { beforeEach, describe, expect, it } from 'vitest';
import { createUserAndLogin, expectProblem, request, type TestUser } from '../support/app.ts';
import { jsonPart, rejection } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { usePaymentsWorld } from '../support/payments-world.ts';
import { accrue, activeLoan, openAccount } from '../support/worlds.ts';

const { api, context, world } = usePaymentsWorld();

/**
 * Roles (docs/architecture.md "People and access"): 'Pagos Recibidos', confirming/rejecting and
 * cancelling fees are ROLE_ADMIN; an agent registers payments and reads pending payments, fees and payments of their
 * own customers' loans, and another agent's loan does not exist for them.
 */
let stranger: TestUser;

beforeEach(async () => {
  stranger = await createUserAndLogin(context, { name: 'Otro', lastName: 'Agente' });
});

async function loanWithFeeAndPayment() {
  const T = businessToday();
  const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id, {
    requestDate: addDays(T, -8),
  });
  await accrue(context, T); // installment 1 due T−1: one fee dated T
  const fees = await api.feesOk(world.admin.token, loan.id);
  const payment = await api.registerOk(world.agent.token, loan.id, [
    jsonPart({
      scheduledPaymentIds: [schedule[0]?.id ?? ''],
      feeIds: fees.map((f) => f.id),
      paymentMethod: 'CASH',
    }),
  ]);
  return { loan, schedule, fees, payment };
}

describe('an agent', () => {
  it('is refused (403) the payments list, decisions and cancelling fees (details: agent-details.test.ts)', async () => {
    const { loan, fees, payment } = await loanWithFeeAndPayment();
    const account = await openAccount(context, world.admin, 1_000);
    const token = world.agent.token;
    expectProblem(await api.list(token), 403, 'No tiene permisos para esta operación');
    expectProblem(await api.decide(token, payment.id, { status: 'PAID', targetAccountId: account.id }), 403);
    expectProblem(await api.decide(token, payment.id, rejection()), 403);
    expectProblem(await api.cancelFee(token, loan.id, fees[0]?.id ?? ''), 403);
    expect((await api.detailsOk(world.admin.token, payment.id)).payment.status).toBe('VALIDATING');
  });

  it("registers and reads the payments of their own customers' loans", async () => {
    const { loan, fees, payment } = await loanWithFeeAndPayment();
    expect((await api.pendingOk(world.agent.token, loan.id)).scheduledPayments).toHaveLength(11);
    expect((await api.feesOk(world.agent.token, loan.id)).map((f) => f.id)).toEqual(fees.map((f) => f.id));
    const list = await api.loanPayments(world.agent.token, loan.id);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { id: string }) => p.id)).toEqual([payment.id]);
  });

  it("gets 404 'Préstamo no encontrado' for another agent's loans, for every loan route", async () => {
    const { loan, schedule, fees } = await loanWithFeeAndPayment();
    const token = stranger.token;
    const notFound = 'Préstamo no encontrado';
    expectProblem(await api.pending(token, loan.id), 404, notFound);
    expectProblem(await api.fees(token, loan.id), 404, notFound);
    expectProblem(await api.loanPayments(token, loan.id), 404, notFound);
    expectProblem(
      await api.register(token, loan.id, [
        jsonPart({ scheduledPaymentIds: [schedule[1]?.id ?? ''], paymentMethod: 'CASH' }),
      ]),
      404,
      notFound,
    );
    // Admins see everything, and an unknown loan is 404 for them too.
    expect((await api.fees(world.admin.token, loan.id)).statusCode).toBe(200);
    expectProblem(
      await api.pending(world.admin.token, '0196a000-0000-7000-8000-000000000000'),
      404,
      notFound,
    );
    expectProblem(await api.pending(world.admin.token, 'abc'), 400);
    expect(fees).toHaveLength(1);
  });
});

describe('without a session', () => {
  it('every payments route but the signed image answers 401', async () => {
    const { loan, fees, payment } = await loanWithFeeAndPayment();
    const calls = [
      { method: 'GET', url: '/api/v1/payments' },
      { method: 'GET', url: `/api/v1/payments/${payment.id}/details` },
      { method: 'PATCH', url: `/api/v1/payments/${payment.id}`, payload: rejection() },
      { method: 'GET', url: `/api/v1/loans/${loan.id}/pending-payments` },
      { method: 'GET', url: `/api/v1/loans/${loan.id}/fees` },
      { method: 'PUT', url: `/api/v1/loans/${loan.id}/fees/${fees[0]?.id}/cancel` },
      { method: 'GET', url: `/api/v1/loans/${loan.id}/payments` },
      { method: 'POST', url: `/api/v1/loans/${loan.id}/payments` },
    ] as const;
    for (const call of calls) {
      expectProblem(await request(context.app, call), 401, 'Sesión inválida o expirada');
    }
    // The image route needs no session; it is refused for lack of a signature instead.
    expectProblem(
      await request(context.app, { method: 'GET', url: `/api/v1/payments/attachments/${payment.id}` }),
      403,
    );
  });
});
