import { badRequest, conflict, type RefusalEntry, unprocessable } from './status.ts';

/** Collection visits (modules/visits). */
export const VISIT_REFUSALS = {
  // A visit (packages/domain visit-outcome.ts): the bounds of its moment, its promise and its loan.
  'visit.loan_not_open': conflict('Solo se registran visitas de préstamos activos o atrasados'),
  'visit.in_future': badRequest('La hora de la visita no puede ser posterior a la hora actual', 'visitedAt'),
  'visit.too_old': badRequest('La visita no puede tener más de {days} días', 'visitedAt'),
  'visit.promise_required': badRequest('Indique la fecha y el monto de la promesa', 'promisedDate'),
  'visit.promise_only': badRequest('Solo una promesa de pago lleva fecha y monto', 'promisedDate'),
  'visit.promise_date_past': badRequest(
    'La fecha de la promesa no puede ser anterior al día de la visita',
    'promisedDate',
  ),
  'visit.promise_date_far': badRequest(
    'La fecha de la promesa puede ser a lo más 30 días después de la visita',
    'promisedDate',
  ),
  'visit.promise_over_balance': badRequest(
    'El monto prometido no puede ser mayor al saldo del préstamo ({balance})',
    'promisedAmount',
  ),
  'visit.key_reused': unprocessable(
    'Esta clave de idempotencia ya se usó con otra visita; envíe una clave nueva para esta visita',
    'idempotency-key',
  ),
} satisfies Record<string, RefusalEntry>;
