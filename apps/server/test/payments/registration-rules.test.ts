import { describe, expect, it } from 'vitest';
import { customersApi, loansApi } from '../support/api.ts';
import { expectProblem, request } from '../support/app.ts';
import { jsonPart, multipart, textPart } from '../support/builders.ts';
import { usePaymentsWorld } from '../support/payments-world.ts';
import { storedPaymentState } from '../support/records.ts';
import { activeLoan, overdueLoan } from '../support/worlds.ts';

const { api, context, world } = usePaymentsWorld();

/**
 * Registering a payment (POST /loans/{id}/payments, multipart): the rules of docs/architecture.md "Payments",
 * each refused with its status and Spanish detail and leaving nothing behind.
 */
describe('registration rules', () => {
  it('refuses each broken rule with its message and changes nothing', async () => {
    const { loan, fees, ids } = await overdueLoan(context, world);
    const feeIds = fees.map((f) => f.id);
    const before = await storedPaymentState(context);
    const register = (body: Parameters<typeof jsonPart>[0]) =>
      api.register(world.agent.token, loan.id, [jsonPart(body)]);

    expectProblem(await register({ paymentMethod: 'CASH' }), 400, 'Seleccione al menos un pago o multa');
    expectProblem(
      await register({ scheduledPaymentIds: [], feeIds: [], paymentMethod: 'CASH' }),
      400,
      'Seleccione al menos un pago o multa',
    );
    expectProblem(
      await register({ scheduledPaymentIds: ids(1), feeIds: feeIds.slice(0, 2), paymentMethod: 'CASH' }),
      400,
      'Debe incluir todas las multas pendientes',
    );
    expectProblem(
      await register({ scheduledPaymentIds: ids(1), paymentMethod: 'CASH' }),
      400,
      'Debe incluir todas las multas pendientes',
    );
    expectProblem(
      await register({ scheduledPaymentIds: ids(3).slice(1), feeIds, paymentMethod: 'CASH' }),
      400,
      'Debe pagar primero los pagos más antiguos',
    );
    expectProblem(
      await register({
        scheduledPaymentIds: [ids(1)[0] ?? '', ids(3)[2] ?? ''],
        feeIds,
        paymentMethod: 'CASH',
      }),
      400,
      'Debe pagar primero los pagos más antiguos',
    );
    expectProblem(
      await register({
        scheduledPaymentIds: ['0196a000-0000-7000-8000-000000000000'],
        feeIds,
        paymentMethod: 'CASH',
      }),
      400,
      'Alguno de los conceptos no pertenece a este préstamo',
    );
    expectProblem(
      await register({ scheduledPaymentIds: ids(1), feeIds, paymentMethod: 'CHEQUE' }),
      400,
      'paymentRequest.paymentMethod: Seleccione el método de pago: CASH o TRANSFER',
    );
    expectProblem(
      await register({ scheduledPaymentIds: ['no-es-uuid'], feeIds, paymentMethod: 'CASH' }),
      400,
      'paymentRequest.scheduledPaymentIds.0: Pago programado inválido',
    );
    expect(await storedPaymentState(context)).toEqual(before);
  });

  it('a repeated submit of the same items is a 409, and so is any item already paid', async () => {
    const { loan, fees, ids } = await overdueLoan(context, world);
    const body = { scheduledPaymentIds: ids(1), feeIds: fees.map((f) => f.id), paymentMethod: 'CASH' };
    await api.registerOk(world.agent.token, loan.id, [jsonPart(body)]);
    expectProblem(
      await api.register(world.agent.token, loan.id, [jsonPart(body)]),
      409,
      'Alguno de los conceptos ya fue pagado o está en validación',
    );
    // The fees alone, or installment 1 alone, are also taken.
    expectProblem(
      await api.register(world.agent.token, loan.id, [
        jsonPart({ feeIds: [fees[0]?.id ?? ''], paymentMethod: 'CASH' }),
      ]),
      409,
      'Alguno de los conceptos ya fue pagado o está en validación',
    );
    // The next installment is still payable (the one before it is in validation).
    await api.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: ids(2).slice(1), paymentMethod: 'CASH' }),
    ]);
  });

  it('refuses a cancelled fee and items of another loan', async () => {
    const { loan, fees, ids } = await overdueLoan(context, world);
    const [cancelled, ...rest] = fees;
    if (!cancelled) throw new Error('no fee');
    expect((await api.cancelFee(world.admin.token, loan.id, cancelled.id)).statusCode).toBe(200);
    expectProblem(
      await api.register(world.agent.token, loan.id, [
        jsonPart({ scheduledPaymentIds: ids(1), feeIds: fees.map((f) => f.id), paymentMethod: 'CASH' }),
      ]),
      409,
      'Alguno de los conceptos ya no se puede pagar',
    );
    await api.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: ids(1), feeIds: rest.map((f) => f.id), paymentMethod: 'CASH' }),
    ]);

    const other = await customersApi(context).createOk(world.agent.token, { phone: '5511112222' });
    const otherLoan = await activeLoan(context, world.admin, other.id);
    expectProblem(
      await api.register(world.agent.token, loan.id, [
        jsonPart({ scheduledPaymentIds: [otherLoan.schedule[0]?.id ?? ''], paymentMethod: 'CASH' }),
      ]),
      400,
      'Alguno de los conceptos no pertenece a este préstamo',
    );
  });

  it('refuses loans that are not ACTIVE or DELAYED (409)', async () => {
    const pendingLoan = await loansApi(context).createOk(world.admin.token, world.customer.id, {
      amount: 5_000,
    });
    expectProblem(
      await api.register(world.agent.token, pendingLoan.id, [
        jsonPart({ scheduledPaymentIds: ['0196a000-0000-7000-8000-000000000000'], paymentMethod: 'CASH' }),
      ]),
      409,
      'Solo se pueden registrar pagos de préstamos activos, atrasados o castigados',
    );
  });

  it('refuses a broken paymentRequest part and a body that is not multipart', async () => {
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    const id = schedule[0]?.id ?? '';
    expectProblem(
      await api.register(world.agent.token, loan.id, [textPart('{"scheduledPaymentIds": [')]),
      400,
      'paymentRequest: JSON inválido',
    );
    expectProblem(
      await api.register(world.agent.token, loan.id, [jsonPart('{nope')]),
      400,
      'paymentRequest: JSON inválido',
    );
    expectProblem(
      await api.register(world.agent.token, loan.id, [{ name: 'otra', body: 'x' }]),
      400,
      'paymentRequest: es requerido',
    );
    expectProblem(await api.register(world.agent.token, loan.id, []), 400, 'paymentRequest: es requerido');
    expectProblem(
      await api.register(world.agent.token, loan.id, [
        jsonPart({ scheduledPaymentIds: [id], paymentMethod: 'CASH' }),
        jsonPart({ scheduledPaymentIds: [id], paymentMethod: 'CASH' }),
      ]),
      400,
      'paymentRequest: envíe una sola parte paymentRequest',
    );
    expectProblem(
      await api.register(world.agent.token, loan.id, [textPart('"CASH"')]),
      400,
      /^paymentRequest: /,
    );
    const json = await request(context.app, {
      method: 'POST',
      url: `/api/v1/loans/${loan.id}/payments`,
      token: world.agent.token,
      payload: { scheduledPaymentIds: [id], paymentMethod: 'CASH' },
    });
    expectProblem(json, 415, 'Envíe el pago como multipart/form-data con la parte paymentRequest');
    // A multipart body cut short.
    const { payload, headers } = multipart([jsonPart({ scheduledPaymentIds: [id], paymentMethod: 'CASH' })]);
    const truncated = await request(context.app, {
      method: 'POST',
      url: `/api/v1/loans/${loan.id}/payments`,
      token: world.agent.token,
      payload: payload.subarray(0, payload.length - 20),
      headers,
    });
    expect(truncated.statusCode, truncated.body).toBe(400);
    expect((await api.loanPayments(world.admin.token, loan.id)).json().data).toEqual([]);
  });
});
