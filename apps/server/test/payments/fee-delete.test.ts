import { describe, expect, it } from 'vitest';
import { expectProblem, request } from '../support/app.ts';
import { usePaymentsWorld } from '../support/payments-world.ts';
import { overdueLoan } from '../support/worlds.ts';

const { api, context, world } = usePaymentsWorld();

/**
 * The specification cancels a fine with `DELETE /api/v1/loans/{loanId}/fees/{feeId}`; it keeps working
 * beside `PUT …/cancel`, with the reason in its body and the same rules and replies.
 */
const deleteFee = (token: string, loanId: string, feeId: string, payload?: object) =>
  request(context.app, {
    method: 'DELETE',
    url: `/api/v1/loans/${loanId}/fees/${feeId}`,
    token,
    ...(payload === undefined ? {} : { payload }),
  });

async function pendingFee() {
  const { loan, fees } = await overdueLoan(context, world);
  const fee = fees[0];
  if (!fee) throw new Error('fixture: no fee');
  return { loan, fee };
}

describe('DELETE /loans/{loanId}/fees/{feeId}', () => {
  it('cancels a pending fine with the trimmed reason, as PUT …/cancel does', async () => {
    const { loan, fee } = await pendingFee();
    const reason = 'Condonada: pagó antes de la visita';
    const response = await deleteFee(world.admin.token, loan.id, fee.id, { reason: ` ${reason} ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ ...fee, status: 'CANCELLED', cancelReason: reason });
    const seen = await api.feesOk(world.admin.token, loan.id);
    expect(seen.find((f) => f.id === fee.id)).toMatchObject({ status: 'CANCELLED', cancelReason: reason });
  });

  it('is refused (400) without a valid reason, and the fine stays pending', async () => {
    const { loan, fee } = await pendingFee();
    expect(expectProblem(await deleteFee(world.admin.token, loan.id, fee.id), 400).detail).toBe(
      'El cuerpo de la solicitud es requerido',
    );
    expect(expectProblem(await deleteFee(world.admin.token, loan.id, fee.id, {}), 400).detail).toBe(
      'reason: El motivo es requerido',
    );
    expect(
      expectProblem(await deleteFee(world.admin.token, loan.id, fee.id, { reason: 'ok' }), 400).detail,
    ).toBe('reason: El motivo debe tener al menos 3 caracteres');
    expect((await api.feesOk(world.admin.token, loan.id))[0]).toEqual({ ...fee, status: 'PENDING' });
  });

  it('answers 409 once cancelled, 403 to an agent and 404 for an unknown fee', async () => {
    const { loan, fee } = await pendingFee();
    const body = { reason: 'Condonada por pago puntual' };
    expectProblem(await deleteFee(world.agent.token, loan.id, fee.id, body), 403);
    expect((await deleteFee(world.admin.token, loan.id, fee.id, body)).statusCode).toBe(200);
    expectProblem(await deleteFee(world.admin.token, loan.id, fee.id, body), 409);
    expectProblem(await deleteFee(world.admin.token, loan.id, crypto.randomUUID(), body), 404);
  });
});
