import { badRequest, conflict, forbidden, notFound, type RefusalEntry } from './status.ts';

/** A loan request and its status from request to delivery (modules/loans). */
export const LOAN_REFUSALS = {
  'loan.not_found': notFound('Préstamo no encontrado'),
  'loan.expediente_incomplete': conflict(
    'No se puede aprobar: el expediente del cliente está incompleto. Falta: {missing}',
  ),
  'loan.admin_only_request_fields': forbidden(
    'Solo un administrador puede indicar la fecha de solicitud o un préstamo ya iniciado',
  ),
  'loan.admin_only_status': forbidden('Solo un administrador puede cambiar el estatus de un préstamo'),
  'loan.open_loan_exists': conflict('El cliente ya tiene un préstamo en curso'),
  'loan.written_off_debt_exists': conflict(
    'El cliente tiene un préstamo castigado con saldo pendiente; no se le puede prestar de nuevo',
  ),
  'loan.amount_only_while_pending': conflict(
    'Solo se puede modificar el monto mientras el préstamo está en espera',
  ),
  'loan.from_past_only_while_pending': conflict(
    'Solo se puede cambiar "Préstamo ya iniciado" mientras el préstamo está en espera',
  ),
  'loan.request_date_only_before_delivery': conflict(
    'La fecha de solicitud solo se puede cambiar antes de la entrega',
  ),
  'loan.amount_below_minimum': badRequest(
    'El monto no alcanza para un centavo por pago: el mínimo de este producto es {minimum}',
    'amount',
  ),
  // Loan products (docs/architecture.md "Loan products"): the product a request uses and its limits.
  'loan.amount_below_floor': badRequest('El monto mínimo de un préstamo es {minimum}', 'amount'),
  'loan.amount_below_product_minimum': badRequest(
    'El monto mínimo del producto {product} es {minimum}',
    'amount',
  ),
  'loan.amount_above_product_maximum': badRequest(
    'El monto máximo del producto {product} es {maximum}',
    'amount',
  ),
  'loan.product_required': badRequest('Seleccione el producto del préstamo', 'productId'),
  'loan.product_not_found': badRequest('El producto no existe o no está activo', 'productId'),
  'loan.term_not_product': badRequest('El plazo es de {term} semanas', 'term'),
  'loan.daily_fee_not_product': badRequest('La multa diaria es de {fee}', 'dailyFee'),
  'loan.future_request_date': badRequest('La fecha de solicitud no puede ser posterior a hoy', 'requestDate'),
  'loan.bank_account_required': badRequest('Seleccione la cuenta de retiro', 'bankAccountId'),
  'loan.insufficient_balance': conflict(
    'Saldo insuficiente en la cuenta para aprobar el préstamo: disponible {available}',
  ),
  'loan.approve_only_pending': conflict('Solo se puede aprobar un préstamo en espera'),
  'loan.deliver_only_approved': conflict('Solo se puede entregar un préstamo aprobado'),
  'loan.signed_contract_required': conflict(
    'Suba el contrato firmado de este préstamo antes de entregarlo (Configuración: Exigir contrato firmado para entregar)',
  ),
  'loan.use_approve': conflict('Use Aprobar para aprobar un préstamo'),
  'loan.use_deliver': conflict('Use Entregar para entregar un préstamo aprobado; así queda activo'),
  'loan.approve_then_deliver': conflict('Use Aprobar y después Entregar para activar un préstamo'),
  'loan.status_computed': conflict('El estatus de un préstamo activo lo calcula el sistema'),
  'loan.computed_only_after_delivery': conflict(
    'Pagado y Atrasado los calcula el sistema con los pagos de un préstamo entregado; este préstamo aún no se ha entregado',
  ),
  'loan.delivered_not_cancellable': conflict('Un préstamo ya entregado no se puede cancelar'),
  'loan.approved_cannot_go_back': conflict(
    'Un préstamo aprobado no puede volver a En espera; cancélelo para liberar la reserva',
  ),
  'loan.cancelled_is_final': conflict('Un préstamo cancelado no puede cambiar de estatus'),
  // Only the server recomputes a loan's standing, and only a delivered loan's; no request reaches it.
  'loan.standing_only_delivered': conflict('Solo un préstamo entregado tiene estatus calculado'),
} satisfies Record<string, RefusalEntry>;
