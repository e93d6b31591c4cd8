import { badRequest, conflict, forbidden, notFound, type RefusalEntry } from './status.ts';

/** Registering and deciding payments, their selection, abonos and fees (modules/payments). */
export const PAYMENT_REFUSALS = {
  'payment.not_found': notFound('Pago no encontrado'),
  'payment.loan_not_payable': conflict(
    'Solo se pueden registrar pagos de préstamos activos, atrasados o castigados',
  ),
  'payment.no_items': badRequest('Seleccione al menos un pago o multa'),
  'payment.file_only_with_transfer': badRequest('Solo se adjunta comprobante en pagos por transferencia'),
  'payment.unknown_item': badRequest('Alguno de los conceptos no pertenece a este préstamo'),
  'payment.already_taken': conflict('Alguno de los conceptos ya fue pagado o está en validación'),
  'payment.not_payable': conflict('Alguno de los conceptos ya no se puede pagar'),
  'payment.all_pending_fees': badRequest('Debe incluir todas las multas pendientes'),
  'payment.oldest_first': badRequest('Debe pagar primero los pagos más antiguos'),
  'payment.collected_in_future': badRequest(
    'La hora de cobro no puede ser posterior a la hora actual más {minutes} minutos; revise la hora del teléfono',
    'paymentRequest.collectedAt',
  ),
  'payment.collected_too_old': badRequest(
    'La hora de cobro no puede ser de hace más de {days} días; registre el pago en la oficina',
    'paymentRequest.collectedAt',
  ),
  'payment.abono_below_minimum': badRequest('El abono debe ser de al menos $1.00', 'paymentRequest.abono'),
  'payment.abono_nothing_owed': conflict(
    'No queda nada por abonar: lo que se debe ya está pagado o en validación',
  ),
  'payment.abono_above_owed': badRequest(
    'El abono no puede ser mayor a lo que se debe ({owed})',
    'paymentRequest.abono',
  ),
  'payment.only_validating_decides': conflict('Solo se puede confirmar o rechazar un pago en validación'),
  'payment.target_account_required': badRequest(
    'Seleccione la cuenta donde ingresó el pago',
    'targetAccountId',
  ),
  'fee.not_found': notFound('Multa no encontrada'),
  'collections.other_agent': forbidden('Solo puede ver la cobranza de sus propios clientes'),
  'fee.only_pending_cancels': conflict('Solo se puede cancelar una multa pendiente'),
  'fee.has_abono': conflict('La multa ya tiene un abono; solo se puede cancelar una multa sin abonos'),
  // Only the daily accrual moves an installment past due; no request reaches it.
  'installment.only_pending_falls_due': conflict('Solo un pago pendiente pasa a atrasado'),
} satisfies Record<string, RefusalEntry>;
