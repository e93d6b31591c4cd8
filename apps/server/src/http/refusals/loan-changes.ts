import { badRequest, conflict, notFound, type RefusalEntry } from './status.ts';

/** What changes an open loan: castigo, restructure, early payoff and renewal. */
export const LOAN_CHANGE_REFUSALS = {
  // Castigo (packages/domain write-off.ts, docs/product.md "Castigo").
  'loan.write_off_only_delayed': conflict('Solo se puede castigar un préstamo atrasado'),
  'loan.use_write_off': conflict('Use Castigar para castigar un préstamo atrasado'),
  'loan.written_off_is_final': conflict('Un préstamo castigado no puede cambiar de estatus'),
  'write_off.not_overdue_enough': conflict(
    'Solo se puede castigar un préstamo con al menos {minDays} días de atraso; este tiene {days}',
  ),
  'write_off.payment_in_validation': conflict(
    'El préstamo tiene pagos en validación; confírmelos o recházelos antes de castigarlo',
  ),
  'loan.restructure_only_open': conflict('Solo se puede reestructurar un préstamo al corriente o atrasado'),
  'restructure.payment_validating': conflict(
    'El préstamo tiene un pago en validación; confírmelo o recházelo antes de reestructurar',
  ),
  'restructure.installment_closed': conflict('Ese pago ya no tiene saldo que reestructurar'),
  'restructure.nothing_remaining': conflict('El préstamo no tiene pagos pendientes que reestructurar'),
  'restructure.weeks_out_of_range': badRequest('El número de semanas debe ser de 1 a 52', 'weeks'),
  // Early payoff ('Liquidación anticipada', packages/domain payoff.ts).
  'payoff.loan_not_open': conflict('Solo se puede liquidar un préstamo al corriente o atrasado'),
  'payoff.payment_validating': conflict(
    'El préstamo tiene un pago en validación; confírmelo o recházelo antes de liquidarlo',
  ),
  'payoff.nothing_owed': conflict('El préstamo no tiene nada pendiente que liquidar'),
  'payoff.amount_mismatch': badRequest(
    'El monto de la liquidación debe ser exactamente el de la cotización de hoy ({quote})',
    'paymentRequest.payoff',
  ),
  'payoff.staff_only': badRequest('La liquidación anticipada solo se registra en la oficina'),
  // Renewal ('Renovación', packages/domain renewal.ts).
  'renewal.loan_not_found': notFound('No se encontró el préstamo a renovar de este cliente', 'renewsLoanId'),
  'renewal.loan_not_open': conflict('Solo se renueva un préstamo al corriente o atrasado'),
  'renewal.threshold_not_reached': conflict(
    'El préstamo #{num} lleva {paid} pagos de los {threshold} necesarios para renovarse',
  ),
  'renewal.amount_short': badRequest(
    'El monto del préstamo nuevo no cubre la liquidación del préstamo #{num} ({payoff})',
    'amount',
  ),
  'renewal.not_from_past': badRequest(
    'Una renovación no puede registrarse como préstamo del pasado',
    'loanFromPast',
  ),
} satisfies Record<string, RefusalEntry>;
