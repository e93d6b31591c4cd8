import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFUSALS, Refusal, type RefusalCode, refuse } from '../../src/http/refusals.ts';
import { LedgerRefusalError } from '../../src/modules/bank-accounts/apply-movement.ts';

const reply = (code: RefusalCode) => {
  const { status, detail } = new Refusal(code);
  return [status, detail];
};

/** Each code's reply: [code, status, detail]. */
const expectReplies = (rows: [RefusalCode, number, string][]) => {
  for (const [code, status, detail] of rows) expect(reply(code), code).toEqual([status, detail]);
};

describe('the refusals table', () => {
  it('gives every code a 4xx status and a Spanish message of its own', () => {
    const codes = Object.keys(REFUSALS) as RefusalCode[];
    // The only codes that are not the client's doing: the database is down, the server is saturated,
    // the server is receiving as many files as it may hold at once.
    const unavailable = codes.filter((code) => REFUSALS[code].status >= 500);
    expect(unavailable.sort()).toEqual(['database.unavailable', 'server.overloaded', 'upload.busy_server']);
    for (const code of codes) {
      const { status, message } = REFUSALS[code];
      if (unavailable.includes(code)) {
        expect(status, code).toBe(503);
      } else {
        expect(status, code).toBeGreaterThanOrEqual(400);
        expect(status, code).toBeLessThan(500);
      }
      expect(message.trim().length, code).toBeGreaterThan(0);
    }
    const messages = codes.map((code) => REFUSALS[code].message);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('binds field refusals to their field, as a validation error does', () => {
    expect(refuse('loan.bank_account_required')).toMatchObject({
      status: 400,
      detail: 'bankAccountId: Seleccione la cuenta de retiro',
      errors: [{ field: 'bankAccountId', message: 'Seleccione la cuenta de retiro' }],
    });
    expect(refuse('money.invalid_amount', { field: 'dailyFee' })).toMatchObject({
      status: 400,
      detail: 'dailyFee: Monto inválido',
      errors: [{ field: 'dailyFee', message: 'Monto inválido' }],
    });
    expect(refuse('loan.not_found')).toMatchObject({ status: 404, detail: 'Préstamo no encontrado' });
    expect(refuse('loan.not_found').errors).toBeUndefined();
  });

  it('fills the values a message names', () => {
    expect(refuse('public.pin_locked', { values: { time: '14:05' } }).detail).toBe(
      'PIN bloqueado por demasiados intentos; intente de nuevo a las 14:05',
    );
    expect(refuse('list.invalid_order', { values: { key: 'x', allowed: 'num, name' } }).detail).toBe(
      'orderBy: No se puede ordenar por "x"; use uno de: num, name',
    );
  });

  it('words the loan status refusals as before, each pointing to the right action', () => {
    expectReplies([
      ['loan.use_approve', 409, 'Use Aprobar para aprobar un préstamo'],
      ['loan.use_deliver', 409, 'Use Entregar para entregar un préstamo aprobado; así queda activo'],
      ['loan.approve_then_deliver', 409, 'Use Aprobar y después Entregar para activar un préstamo'],
      ['loan.status_computed', 409, 'El estatus de un préstamo activo lo calcula el sistema'],
      [
        'loan.computed_only_after_delivery',
        409,
        'Pagado y Atrasado los calcula el sistema con los pagos de un préstamo entregado; este préstamo aún no se ha entregado',
      ],
      ['loan.delivered_not_cancellable', 409, 'Un préstamo ya entregado no se puede cancelar'],
      [
        'loan.approved_cannot_go_back',
        409,
        'Un préstamo aprobado no puede volver a En espera; cancélelo para liberar la reserva',
      ],
      ['loan.cancelled_is_final', 409, 'Un préstamo cancelado no puede cambiar de estatus'],
      ['loan.approve_only_pending', 409, 'Solo se puede aprobar un préstamo en espera'],
      ['loan.deliver_only_approved', 409, 'Solo se puede entregar un préstamo aprobado'],
    ]);
  });

  it('words the payment selection refusals with their statuses', () => {
    expectReplies([
      ['payment.no_items', 400, 'Seleccione al menos un pago o multa'],
      ['payment.file_only_with_transfer', 400, 'Solo se adjunta comprobante en pagos por transferencia'],
      [
        'payment.loan_not_payable',
        409,
        'Solo se pueden registrar pagos de préstamos activos, atrasados o castigados',
      ],
      ['payment.unknown_item', 400, 'Alguno de los conceptos no pertenece a este préstamo'],
      ['payment.already_taken', 409, 'Alguno de los conceptos ya fue pagado o está en validación'],
      ['payment.not_payable', 409, 'Alguno de los conceptos ya no se puede pagar'],
      ['payment.all_pending_fees', 400, 'Debe incluir todas las multas pendientes'],
      ['payment.oldest_first', 400, 'Debe pagar primero los pagos más antiguos'],
    ]);
  });

  it('explains ledger refusals in Spanish with the amounts in pesos', () => {
    const detail = (refusal: ConstructorParameters<typeof LedgerRefusalError>[0]) =>
      new LedgerRefusalError(refusal).detail;
    expect(detail({ kind: 'invalidAmount' })).toBe('El monto debe ser mayor a 0');
    expect(detail({ kind: 'insufficientBalance', availableCents: 1_234_550 })).toBe(
      'Saldo insuficiente: disponible $12,345.50',
    );
    expect(detail({ kind: 'exceedsReserved', reservedCents: 300_000 })).toBe(
      'El monto excede lo reservado en la cuenta: reservado $3,000.00',
    );
    expect(detail({ kind: 'tooLarge' })).toBe('El saldo resultante es demasiado grande');
    expect(new LedgerRefusalError({ kind: 'invalidAmount' }).status).toBe(400);
    expect(new LedgerRefusalError({ kind: 'tooLarge' }).status).toBe(409);
  });

  it("words the rules about people's accounts", () => {
    expect(refuse('user.cannot_cancel_self')).toMatchObject({
      status: 400,
      errors: [{ field: 'status', message: 'No puede cancelar su propia cuenta' }],
    });
    expect(refuse('user.cannot_drop_own_admin')).toMatchObject({
      status: 400,
      errors: [{ field: 'roles', message: 'No puede quitarse a sí mismo el rol de Administrador' }],
    });
    expect(reply('customer.assign_only_self')).toEqual([403, 'Solo puede asignarse clientes a sí mismo']);
  });

  it('leaves HTTP statuses out of the pure rules', () => {
    for (const dir of ['../../../../packages/domain/src', '../../src/access'].map((path) =>
      join(import.meta.dirname, path),
    )) {
      for (const name of readdirSync(dir)) {
        expect(readFileSync(join(dir, name), 'utf8'), name).not.toMatch(/status: 4\d\d/);
      }
    }
  });
});
