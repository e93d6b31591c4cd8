import type { AuditEntry } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem, request } from '../support/app.ts';
import { jsonPart, rejection } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { usePaymentsWorld } from '../support/payments-world.ts';
import { auditRowsOf } from '../support/records.ts';
import { activeLoan, openAccount, overdueLoan } from '../support/worlds.ts';

const { api, context, world } = usePaymentsWorld();

/**
 * Rejecting a payment and cancelling a fine ask for a reason (3 to 300 characters of allowed text),
 * kept on the row and in the audit trail, and shown to whoever sees the payment or the fine.
 */

async function validatingPayment() {
  const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
  const payment = await api.registerOk(world.agent.token, loan.id, [
    jsonPart({ scheduledPaymentIds: [schedule[0]?.id ?? ''], paymentMethod: 'CASH' }),
  ]);
  return { loan, payment };
}

const historyOf = async (token: string, entity: 'payment' | 'loan', id: string): Promise<AuditEntry[]> => {
  const response = await request(context.app, { method: 'GET', url: `/api/v1/audit/${entity}/${id}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const storedColumn = async (table: 'payments' | 'fees', column: string, id: string) =>
  rowsOf<{ value: string | null }>(
    await context.database.db.execute(
      sql`select ${sql.identifier(column)} as value from ${sql.identifier(table)} where id = ${id}`,
    ),
  )[0]?.value;

describe('rejecting a payment', () => {
  it('is refused (400, field reason) without a valid reason, and with a reason on a confirmation', async () => {
    const { payment } = await validatingPayment();
    const account = await openAccount(context, world.admin, 1_000);
    const refusals: [unknown, string][] = [
      [{ status: 'REJECTED' }, 'El motivo es requerido'],
      [{ status: 'REJECTED', reason: null }, 'El motivo es requerido'],
      [{ status: 'REJECTED', reason: '    ' }, 'El motivo es requerido'],
      [{ status: 'REJECTED', reason: ' no ' }, 'El motivo debe tener al menos 3 caracteres'],
      [{ status: 'REJECTED', reason: 'x'.repeat(301) }, 'El motivo admite como máximo 300 caracteres'],
      [{ status: 'REJECTED', reason: 'Sin\u202Efondos' }, 'El motivo contiene caracteres no permitidos'],
      [{ status: 'REJECTED', reason: 'Dos\nlíneas' }, 'El motivo contiene caracteres no permitidos'],
      [
        { status: 'PAID', targetAccountId: account.id, reason: 'Llegó completo' },
        'El motivo solo se indica al rechazar el pago',
      ],
    ];
    for (const [body, message] of refusals) {
      const problem = expectProblem(await api.decide(world.admin.token, payment.id, body), 400);
      expect(problem.detail).toBe(`reason: ${message}`);
      expect(problem.errors).toEqual([{ field: 'reason', message }]);
    }
    expect((await api.detailsOk(world.admin.token, payment.id)).payment).toMatchObject({
      status: 'VALIDATING',
      rejectionReason: null,
    });
    expect(await storedColumn('payments', 'rejection_reason', payment.id)).toBeNull();

    // 300 characters once trimmed is the limit, not beyond.
    await api.decideOk(world.admin.token, payment.id, rejection(` ${'x'.repeat(300)} `));
    expect(await storedColumn('payments', 'rejection_reason', payment.id)).toHaveLength(300);
  });

  it('keeps the trimmed reason on the row and in the audit, and shows it in details and history', async () => {
    const { payment } = await validatingPayment();
    const reason = 'La transferencia no aparece en el estado de cuenta';

    const rejected = await api.decideOk(world.admin.token, payment.id, rejection(`  ${reason}  `));
    expect(rejected.status).toBe('REJECTED');
    expect(await storedColumn('payments', 'rejection_reason', payment.id)).toBe(reason);

    const [, decision] = await auditRowsOf(context, payment.id);
    expect(decision).toMatchObject({
      action: 'rejected',
      user_id: world.admin.id,
      after: { status: 'REJECTED', rejectionReason: reason },
    });
    expect(decision?.before).not.toHaveProperty('rejectionReason');

    for (const token of [world.admin.token, world.agent.token]) {
      expect((await api.detailsOk(token, payment.id)).payment).toMatchObject({
        status: 'REJECTED',
        rejectionReason: reason,
      });
      const [newest] = await historyOf(token, 'payment', payment.id);
      expect(newest).toMatchObject({ action: 'rejected', after: { rejectionReason: reason } });
    }
  });
});

describe('cancelling a fine', () => {
  it('is refused (400, field reason) without a valid reason; the fine stays pending', async () => {
    const { loan, fees } = await overdueLoan(context, world);
    const fee = fees[0];
    if (!fee) throw new Error('fixture: no fee');
    for (const [body, message] of [
      [{}, 'El motivo es requerido'],
      [{ reason: 'ok' }, 'El motivo debe tener al menos 3 caracteres'],
      [{ reason: `${'é'.repeat(301)}` }, 'El motivo admite como máximo 300 caracteres'],
      [{ reason: 'Con\u0000nulo' }, 'El motivo contiene caracteres no permitidos'],
    ] as const) {
      const problem = expectProblem(await api.cancelFee(world.admin.token, loan.id, fee.id, body), 400);
      expect(problem.detail).toBe(`reason: ${message}`);
    }
    expect((await api.feesOk(world.admin.token, loan.id))[0]).toEqual({ ...fee, status: 'PENDING' });
  });

  it('keeps the reason on the fine and in the audit; the agent sees it in the fines and the history', async () => {
    const { loan, fees } = await overdueLoan(context, world);
    const fee = fees[1];
    if (!fee) throw new Error('fixture: no fee');
    expect(fee.cancelReason).toBeNull();
    const reason = 'Condonada: pagó antes de la visita';

    const response = await api.cancelFee(world.admin.token, loan.id, fee.id, { reason: ` ${reason} ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ ...fee, status: 'CANCELLED', cancelReason: reason });
    expect(await storedColumn('fees', 'cancel_reason', fee.id)).toBe(reason);
    const [cancelled] = await auditRowsOf(context, fee.id);
    expect(cancelled).toMatchObject({
      action: 'cancelled',
      before: { status: 'PENDING', cancelReason: null },
      after: { status: 'CANCELLED', cancelReason: reason },
    });

    const seen = await api.feesOk(world.agent.token, loan.id);
    expect(seen.map((f) => f.cancelReason)).toEqual([null, reason, null]);
    const [newest] = (await historyOf(world.agent.token, 'loan', loan.id)).filter((e) => e.entity === 'fee');
    expect(newest).toMatchObject({ entityId: fee.id, after: { cancelReason: reason } });
  });
});
