import { CURP_MESSAGES, PROOF_DATE_FUTURE_MESSAGE, UNDER_AGE_MESSAGE } from '@prestaya/contracts';
import type {
  AbonoRefusal,
  CashCountRefusal,
  CollectedAtRefusal,
  FeeStatusRefusal,
  ImportedLoanRefusal,
  InstallmentStatusRefusal,
  LoanAmountRefusal,
  LoanStatusRefusal,
  PaymentRequestRefusal,
  PaymentSelectionRefusal,
  PaymentStatusRefusal,
  ProductChoiceRefusal,
  ProductTermsRefusal,
  RestructureRefusal,
  VisitRefusal,
  WriteOffRefusal,
} from '@prestaya/domain';
import type { CashCloseScope } from '../access/cash-close.ts';
import type { AgentAssignment } from '../access/customers.ts';
import type { SelfUpdateRefusal } from '../access/users.ts';
import { HttpProblem } from '../errors.ts';

/**
 * THE table of refusals: each code a service or a rule refuses with, its HTTP status and the Spanish
 * `detail` the user reads. Rules (packages/domain, domain/) return codes; services throw
 * `refuse(code)`; plugins/errors.ts turns the thrown Refusal into problem+json.
 *
 * - `field`: the refusal is about one input field: `detail` is `field: message` and `errors` names it,
 *   the same shape as a validation error. `refuse(code, { field })` names another field.
 * - `{name}` in a message is filled from `refuse(code, { values: { name } })`.
 */
interface RefusalEntry {
  status: number;
  message: string;
  field?: string;
}

/** Codes the pure rules return: the table must word every one of them. */
type RuleRefusal =
  | AbonoRefusal
  | ImportedLoanRefusal
  | LoanStatusRefusal
  | RestructureRefusal
  | InstallmentStatusRefusal
  | FeeStatusRefusal
  | PaymentStatusRefusal
  | PaymentSelectionRefusal
  | CollectedAtRefusal
  | CashCountRefusal
  | VisitRefusal
  | WriteOffRefusal
  | SelfUpdateRefusal
  | PaymentRequestRefusal
  | ProductTermsRefusal
  | ProductChoiceRefusal
  | LoanAmountRefusal['refusal']
  | Extract<AgentAssignment, { ok: false }>['refusal']
  | Extract<CashCloseScope, { ok: false }>['refusal'];

/**
 * The entries of one status, e.g. `conflict(message)`. The message keeps its literal type: its `{name}`s
 * type the values `refuse` asks for.
 */
const withStatus =
  (status: number) =>
  <const M extends string>(message: M, field?: string): RefusalEntry & { message: M } =>
    field ? { status, message, field } : { status, message };
const badRequest = withStatus(400);
const unauthorized = withStatus(401);
const forbidden = withStatus(403);
const notFound = withStatus(404);
const conflict = withStatus(409);
const tooLarge = withStatus(413);
const unprocessable = withStatus(422);
const unsupportedMedia = withStatus(415);
const locked = withStatus(423);
const tooManyRequests = withStatus(429);
const unavailable = withStatus(503);

export const REFUSALS = {
  'session.invalid': unauthorized('Sesión inválida o expirada'),
  forbidden: forbidden('No tiene permisos para esta operación'),
  'list.invalid_order': badRequest('No se puede ordenar por "{key}"; use uno de: {allowed}', 'orderBy'),
  'money.invalid_amount': badRequest('Monto inválido'),

  'auth.login_failed': unauthorized('Usuario y/o contraseña incorrecta'),
  'auth.too_many_attempts': tooManyRequests('Demasiados intentos. Intente de nuevo en un minuto.'),
  'auth.account_throttled': tooManyRequests(
    'Demasiados intentos fallidos para esta cuenta. Intente de nuevo en {minutes} min, o desde el equipo donde ya inició sesión antes.',
  ),
  'auth.registration_closed': forbidden('Las cuentas son creadas por un administrador'),

  'user.not_found': notFound('Usuario no encontrado'),
  'user.reset_link_cancelled': conflict(
    'No se puede generar un enlace para un usuario cancelado; reactívelo primero',
  ),
  // Unknown, malformed, used, expired or of a cancelled user: one answer, so none of them is revealed.
  'password_reset.invalid_link': notFound(
    'Este enlace para restablecer la contraseña no es válido o ya no está vigente. Pide a un administrador uno nuevo.',
  ),
  'user.duplicate_username': conflict('Ya existe un usuario con ese correo', 'username'),
  'user.last_admin': conflict('Debe quedar al menos un administrador activo'),
  'user.cannot_cancel_self': badRequest('No puede cancelar su propia cuenta', 'status'),
  'user.cannot_drop_own_admin': badRequest('No puede quitarse a sí mismo el rol de Administrador', 'roles'),

  'customer.not_found': notFound('Cliente no encontrado'),
  'customer.duplicate_curp': conflict('Ya existe un cliente con esa CURP'),
  'customer.invalid_agent': badRequest('Agente inválido o inactivo', 'agentId'),
  'customer.assign_only_self': forbidden('Solo puede asignarse clientes a sí mismo'),
  'customer.curp_length': badRequest('Debe ser de 18 caracteres', 'curp'),
  'customer.curp_structure': badRequest(CURP_MESSAGES.structure, 'curp'),
  'customer.curp_date': badRequest(CURP_MESSAGES.date, 'curp'),
  'customer.curp_sex': badRequest(CURP_MESSAGES.sex, 'curp'),
  'customer.curp_state': badRequest(CURP_MESSAGES.state, 'curp'),
  'customer.curp_check_digit': badRequest(CURP_MESSAGES.check_digit, 'curp'),
  'customer.under_age': badRequest(UNDER_AGE_MESSAGE, 'curp'),
  'address.not_found': notFound('Dirección no encontrada'),

  'bank_account.not_found': notFound('Cuenta bancaria no encontrada'),
  'bank_account.transaction_not_found': notFound('Transacción no encontrada'),
  'backup.not_found': notFound('Respaldo no encontrado'),
  'ledger.invalid_amount': badRequest('El monto debe ser mayor a 0'),
  'ledger.insufficient_balance': conflict('Saldo insuficiente: disponible {available}'),
  'ledger.exceeds_reserved': conflict('El monto excede lo reservado en la cuenta: reservado {reserved}'),
  'ledger.too_large': conflict('El saldo resultante es demasiado grande'),

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
  'product.not_found': notFound('Producto no encontrado'),
  'product.name_taken': conflict('Ya existe un producto con ese nombre', 'name'),
  'product.min_above_max': badRequest('El monto máximo no puede ser menor que el mínimo', 'maxAmount'),
  'product.renewal_beyond_term': badRequest(
    'La renovación no puede pedir más pagos que el plazo',
    'renewalThreshold',
  ),
  'product.min_not_schedulable': badRequest(
    'Con el monto mínimo algún pago semanal sería de $0.00',
    'minAmount',
  ),
  'product.fees_beyond_payment': badRequest(
    'Un préstamo de {amount} podría acumular {fees} multas, más de las {max} que caben en un pago: suba la multa diaria o baje el tope de multas o el monto máximo',
    'dailyFee',
  ),
  'product.last_active': conflict('Debe quedar al menos un producto activo'),
  'product.too_many': conflict('Se alcanzó el máximo de {max} productos'),
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
  'cash_close.agent_required': badRequest('Seleccione el agente', 'agentId'),
  'cash_close.own_only': forbidden('Solo puede consultar su propio corte de caja'),
  'agent.not_found': notFound('Agente no encontrado'),
  'cash_count.already_closed': conflict('El corte de caja de este agente y día ya está cerrado'),
  'cash_count.future_day': badRequest('No se puede cerrar un día que aún no llega', 'date'),
  'cash_count.note_required': badRequest('Escriba una nota que explique el faltante o el sobrante', 'note'),
  'cash_count.denominations_mismatch': badRequest(
    'Las denominaciones no suman el efectivo contado',
    'denominations',
  ),
  'fee.not_found': notFound('Multa no encontrada'),
  'collections.other_agent': forbidden('Solo puede ver la cobranza de sus propios clientes'),
  'fee.only_pending_cancels': conflict('Solo se puede cancelar una multa pendiente'),
  'fee.has_abono': conflict('La multa ya tiene un abono; solo se puede cancelar una multa sin abonos'),
  // Only the daily accrual moves an installment past due; no request reaches it.
  'installment.only_pending_falls_due': conflict('Solo un pago pendiente pasa a atrasado'),

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

  'idempotency.key_reused': unprocessable(
    'Esta clave de idempotencia ya se usó con otra solicitud; envíe una clave nueva para este pago',
    'idempotency-key',
  ),
  'upload.not_multipart': unsupportedMedia(
    'Envíe el pago como multipart/form-data con la parte paymentRequest',
  ),
  'upload.request_missing': badRequest('paymentRequest: es requerido'),
  'upload.request_invalid_json': badRequest('paymentRequest: JSON inválido'),
  'upload.request_invalid_utf8': badRequest('paymentRequest: no es UTF-8 válido'),
  'upload.request_twice': badRequest('paymentRequest: envíe una sola parte paymentRequest'),
  'upload.one_file_only': badRequest('Solo se permite un archivo'),
  'upload.file_too_large': tooLarge('El comprobante excede 10 MB'),
  'upload.file_empty': badRequest('El comprobante está vacío'),
  'upload.file_not_image': unsupportedMedia('El comprobante debe ser una imagen JPG, PNG, WebP o HEIC'),
  'upload.image_unreadable': unsupportedMedia(
    'El comprobante está dañado o no es una imagen JPG, PNG, WebP o HEIC válida',
  ),
  'upload.image_too_many_pixels': tooLarge('La imagen del comprobante excede {max} megapíxeles'),
  'upload.busy_client': tooManyRequests(
    'Ya tiene archivos subiéndose; espere a que terminen e intente de nuevo',
  ),
  'upload.busy_server': unavailable(
    'El servidor está recibiendo muchos archivos; intente de nuevo en unos segundos',
  ),
  'upload.too_many_parts': badRequest('La solicitud tiene demasiadas partes'),
  'upload.malformed': badRequest('La solicitud multipart está incompleta o mal formada'),
  'attachment.link_invalid': forbidden('El enlace del comprobante no es válido o ya expiró'),
  'attachment.not_found': notFound('Comprobante no encontrado'),

  'document.not_found': notFound('Documento no encontrado'),
  'document.date_in_future': badRequest(PROOF_DATE_FUTURE_MESSAGE, 'documentDate'),
  'document.signed_contract_needs_loan': badRequest('Seleccione el préstamo del contrato firmado', 'loanId'),
  'document.loan_only_signed_contract': badRequest(
    'Solo un contrato firmado se liga a un préstamo',
    'loanId',
  ),
  'document.loan_not_customers': badRequest('El préstamo no es de este cliente', 'loanId'),
  'document.not_multipart': unsupportedMedia(
    'Envíe el documento como multipart/form-data con las partes type y file',
  ),
  'document.file_missing': badRequest('Adjunte el archivo del documento', 'file'),
  'document.file_too_large': tooLarge('El documento excede 10 MB'),
  'document.file_empty': badRequest('El documento está vacío', 'file'),
  'document.file_type': unsupportedMedia('El documento debe ser una imagen JPG, PNG, WebP o HEIC, o un PDF'),
  'document.image_unreadable': unsupportedMedia(
    'El documento está dañado o no es una imagen JPG, PNG, WebP o HEIC válida',
  ),
  'document.image_too_many_pixels': tooLarge('La imagen del documento excede {max} megapíxeles'),
  'document.field_twice': badRequest('Envíe un solo valor'),
  'document.too_many': conflict('El cliente ya tiene {max} documentos; elimine alguno antes de subir otro'),
  'document.link_invalid': forbidden('El enlace del documento no es válido o ya expiró'),

  // Anti-money-laundering screening ('PLD', modules/aml). The stop never names the list: staff read
  // that an administrator must review the customer, the public side a generic refusal.
  'aml.review_required': conflict('Operación detenida: el cliente requiere una revisión del administrador'),
  'aml.public_refused': conflict(
    'No es posible registrar este pago en línea; comuníquese con la oficina de su préstamo',
  ),
  /** Every SheetError of an uploaded spreadsheet (spreadsheet/rows.ts): its own Spanish message names the row and column. */
  'spreadsheet.unusable': badRequest('{detail}', 'file'),
  // 'Importar' (modules/imports): the file as a whole, and the rules of an imported loan (domain book-import.ts).
  'import.not_multipart': unsupportedMedia('Envíe el archivo como multipart/form-data con la parte file'),
  'import.file_missing': badRequest('Adjunte el archivo XLSX o CSV', 'file'),
  'import.file_too_large': tooLarge('El archivo excede {max} MB'),
  'import.sheet_type': unsupportedMedia('El archivo debe ser una hoja de cálculo XLSX o un CSV'),
  'import.missing_columns': badRequest('Faltan columnas de la plantilla: {columns}', 'file'),
  'import.not_found': notFound('Importación no encontrada'),
  'import.already_run': conflict('Esta importación ya se ejecutó; suba el archivo de nuevo para otra'),
  'import.has_rejected_rows': conflict(
    'El archivo tiene {rows} filas con errores: corríjalas o elija importar solo las filas válidas',
  ),
  'import.changed_since_check': conflict(
    'Otra importación escribió algunas de estas filas al mismo tiempo; revise el archivo de nuevo',
  ),
  'import.delivery_in_future': badRequest('La fecha de entrega no puede ser posterior a hoy'),
  'import.paid_beyond_term': badRequest('Los pagos realizados deben ser de 0 al plazo del producto ({term})'),
  'import.partial_too_large': badRequest(
    'El abono al siguiente pago debe ser menor que el pago (máximo {limit})',
  ),
  'import.fines_above_cap': badRequest(
    'Las multas pendientes exceden lo que los pagos vencidos pueden deber (máximo {limit})',
  ),
  'import.loan_settled': badRequest('El préstamo ya está pagado: solo se importan préstamos en curso'),
  'aml.not_multipart': unsupportedMedia('Envíe la lista como multipart/form-data con las partes name y file'),
  'aml.file_missing': badRequest('Adjunte el archivo CSV de la lista', 'file'),
  'aml.file_too_large': tooLarge('El archivo de la lista excede {max} MB'),
  'aml.file_not_utf8': badRequest('El archivo debe ser texto CSV en UTF-8', 'file'),
  'aml.file_malformed': badRequest('El archivo CSV está mal formado cerca de la línea {line}', 'file'),
  'aml.file_empty': badRequest('El archivo no tiene filas de personas', 'file'),
  'aml.too_many_rows': badRequest('El archivo excede {max} filas', 'file'),
  'aml.missing_columns': badRequest(
    'Faltan las columnas {columns}; el archivo debe tener nombre, curp, rfc, lista y fecha',
    'file',
  ),
  'reconciliation.not_multipart': unsupportedMedia(
    'Envíe el estado de cuenta como multipart/form-data con la parte file',
  ),
  'reconciliation.file_missing': badRequest('Adjunte el archivo del estado de cuenta', 'file'),
  'reconciliation.file_too_large': tooLarge('El estado de cuenta excede {max} MB'),
  'reconciliation.line_unreadable': badRequest('Fila {row}, columna {column}: {problem}', 'file'),
  'reconciliation.no_lines': badRequest('El archivo no tiene movimientos después del encabezado', 'file'),
  'reconciliation.mapping_required': conflict(
    'Configure primero las columnas del estado de cuenta de esta cuenta',
  ),
  'reconciliation.statement_not_found': notFound('Estado de cuenta no encontrado'),
  'aml.match_not_found': notFound('Coincidencia no encontrada'),
  'aml.match_resolved': conflict('La coincidencia ya fue resuelta'),
  'aml.case_not_found': notFound('Caso no encontrado'),
  'aml.case_closed': conflict('El caso ya está cerrado'),
  'aml.customer_not_found': notFound('No existe un cliente con ese número', 'customerNum'),
  'aml.payment_not_found': notFound('No existe un pago con ese identificador', 'paymentId'),

  /** A lookup miss: the same whether the loan number or the phone was wrong. */
  'public.lookup_miss': notFound('No se encontró el Préstamo'),
  /** Every refusal of the agent credential but a lock: missing, malformed, wrong PIN, unknown number. */
  'public.bad_credential': unauthorized('Autorización inválida: verifique su número de usuario y PIN'),
  /** A locked user number, with the business-clock time it opens (HH:MM, 24 h). */
  'public.pin_locked': locked('PIN bloqueado por demasiados intentos; intente de nuevo a las {time}'),
  /**
   * A PIN attempt without the lookup proof of this loan (missing, altered, of another loan, expired):
   * refused before the PIN is evaluated, so it counts against nobody.
   */
  'public.lookup_required': forbidden(
    'Busque de nuevo el préstamo con su número y teléfono para registrar el pago',
  ),
  /**
   * A number that is neither the customer's agent nor an administrator who may authorise (or belongs to
   * nobody): refused before the PIN is evaluated, so it counts against nobody.
   */
  'public.not_assigned_agent': forbidden(
    'El pago debe autorizarlo el agente asignado al cliente o un administrador',
  ),
  /** "Pago sin PIN": payments waiting for the agent's authorisation from their session. */
  'payment_request.not_found': notFound('Pago por autorizar no encontrado'),
  'payment_request.not_pending': conflict('El pago ya fue autorizado'),
  'payment_request.expired': conflict(
    'La solicitud venció (espera un día); el cliente debe registrar el pago de nuevo',
  ),
  'payment_request.too_many': conflict(
    'Ya hay {max} pagos de este préstamo esperando la autorización del agente; espere a que los autorice',
  ),
  'public.too_many_requests': tooManyRequests('Demasiadas solicitudes. Intente de nuevo en un minuto.'),

  /** PostgreSQL unreachable (stopped, restarting, network): the pool reconnects by itself once it is back. */
  'database.unavailable': unavailable(
    'La base de datos no está disponible; intente de nuevo en unos segundos',
  ),
  /** The event loop is saturated: new requests are shed (plugins/load-shedding.ts). */
  'server.overloaded': unavailable('El servidor está saturado; intente de nuevo en unos segundos'),
} satisfies Record<RuleRefusal, RefusalEntry> & Record<string, RefusalEntry>;

export type RefusalCode = keyof typeof REFUSALS;

/** The `{name}`s of a message. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;
type PlaceholdersOf<C extends RefusalCode> = Placeholders<(typeof REFUSALS)[C]['message']>;

export type RefuseOptions<C extends RefusalCode> = { field?: string } & ([PlaceholdersOf<C>] extends [never]
  ? { values?: undefined }
  : { values: Record<PlaceholdersOf<C>, string> });

type RefuseArgs<C extends RefusalCode> = [PlaceholdersOf<C>] extends [never]
  ? [options?: RefuseOptions<C>]
  : [options: RefuseOptions<C>];

/** A refusal of the table, thrown by services; an HttpProblem so the error handler answers it as such. */
export class Refusal extends HttpProblem {
  readonly code: RefusalCode;

  constructor(code: RefusalCode, options: { field?: string; values?: Record<string, string> } = {}) {
    const entry: RefusalEntry = REFUSALS[code];
    const message = entry.message.replace(/\{(\w+)\}/g, (_, name: string) => options.values?.[name] ?? '');
    const field = options.field ?? entry.field;
    if (field) super(entry.status, `${field}: ${message}`, [{ field, message }]);
    else super(entry.status, message);
    this.code = code;
    this.name = 'Refusal';
  }
}

/** `throw refuse('loan.approve_only_pending')`. */
export function refuse<C extends RefusalCode>(code: C, ...[options]: RefuseArgs<C>): Refusal {
  return new Refusal(code, options);
}

/** The Spanish text of a code alone, for the few places that show it outside a problem reply. */
export const refusalMessage = (code: RefusalCode): string => REFUSALS[code].message;
