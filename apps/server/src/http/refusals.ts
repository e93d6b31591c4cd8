import type { LoanStatusRefusal } from '@prestaya/domain';
import type { AgentAssignment } from '../domain/customers.ts';
import type { PaymentSelectionRefusal } from '../domain/payment-rules.ts';
import type { SelfUpdateRefusal } from '../domain/users.ts';
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
  | LoanStatusRefusal
  | PaymentSelectionRefusal
  | SelfUpdateRefusal
  | Extract<AgentAssignment, { ok: false }>['refusal'];

export const REFUSALS = {
  'session.invalid': { status: 401, message: 'Sesión inválida o expirada' },
  forbidden: { status: 403, message: 'No tiene permisos para esta operación' },
  'list.invalid_status': { status: 400, message: 'Estatus inválido', field: 'q' },
  'list.invalid_order': {
    status: 400,
    message: 'No se puede ordenar por "{key}"; use uno de: {allowed}',
    field: 'orderBy',
  },
  'money.invalid_amount': { status: 400, message: 'Monto inválido' },

  'auth.login_failed': { status: 401, message: 'Usuario y/o contraseña incorrecta' },
  'auth.too_many_attempts': { status: 429, message: 'Demasiados intentos. Intente de nuevo en un minuto.' },
  'auth.registration_closed': { status: 403, message: 'Las cuentas son creadas por un administrador' },

  'user.not_found': { status: 404, message: 'Usuario no encontrado' },
  'user.duplicate_username': { status: 409, message: 'Ya existe un usuario con ese correo' },
  'user.last_admin': { status: 409, message: 'Debe quedar al menos un administrador activo' },
  'user.cannot_cancel_self': { status: 400, message: 'No puede cancelar su propia cuenta', field: 'status' },
  'user.cannot_drop_own_admin': {
    status: 400,
    message: 'No puede quitarse a sí mismo el rol de Administrador',
    field: 'roles',
  },

  'customer.not_found': { status: 404, message: 'Cliente no encontrado' },
  'customer.duplicate_curp': { status: 409, message: 'Ya existe un cliente con esa CURP' },
  'customer.invalid_agent': { status: 400, message: 'Agente inválido o inactivo', field: 'agentId' },
  'customer.assign_only_self': { status: 403, message: 'Solo puede asignarse clientes a sí mismo' },
  'customer.curp_length': { status: 400, message: 'Debe ser de 18 caracteres', field: 'curp' },
  'address.not_found': { status: 404, message: 'Dirección no encontrada' },

  'bank_account.not_found': { status: 404, message: 'Cuenta bancaria no encontrada' },
  'bank_account.transaction_not_found': { status: 404, message: 'Transacción no encontrada' },
  'backup.not_found': { status: 404, message: 'Respaldo no encontrado' },
  'ledger.invalid_amount': { status: 400, message: 'El monto debe ser mayor a 0' },
  'ledger.insufficient_balance': { status: 409, message: 'Saldo insuficiente: disponible {available}' },
  'ledger.exceeds_reserved': {
    status: 409,
    message: 'El monto excede lo reservado en la cuenta: reservado {reserved}',
  },
  'ledger.too_large': { status: 409, message: 'El saldo resultante es demasiado grande' },

  'loan.not_found': { status: 404, message: 'Préstamo no encontrado' },
  'loan.admin_only_request_fields': {
    status: 403,
    message: 'Solo un administrador puede indicar la fecha de solicitud o un préstamo ya iniciado',
  },
  'loan.admin_only_status': {
    status: 403,
    message: 'Solo un administrador puede cambiar el estatus de un préstamo',
  },
  'loan.open_loan_exists': { status: 409, message: 'El cliente ya tiene un préstamo en curso' },
  'loan.amount_only_while_pending': {
    status: 409,
    message: 'Solo se puede modificar el monto mientras el préstamo está en espera',
  },
  'loan.from_past_only_while_pending': {
    status: 409,
    message: 'Solo se puede cambiar "Préstamo ya iniciado" mientras el préstamo está en espera',
  },
  'loan.request_date_only_before_delivery': {
    status: 409,
    message: 'La fecha de solicitud solo se puede cambiar antes de la entrega',
  },
  'loan.future_request_date': {
    status: 400,
    message: 'La fecha de solicitud no puede ser posterior a hoy',
    field: 'requestDate',
  },
  'loan.bank_account_required': {
    status: 400,
    message: 'Seleccione la cuenta de retiro',
    field: 'bankAccountId',
  },
  'loan.insufficient_balance': {
    status: 409,
    message: 'Saldo insuficiente en la cuenta para aprobar el préstamo: disponible {available}',
  },
  'loan.approve_only_pending': { status: 409, message: 'Solo se puede aprobar un préstamo en espera' },
  'loan.deliver_only_approved': { status: 409, message: 'Solo se puede entregar un préstamo aprobado' },
  'loan.use_approve': { status: 409, message: 'Use Aprobar para aprobar un préstamo' },
  'loan.use_deliver': {
    status: 409,
    message: 'Use Entregar para entregar un préstamo aprobado; así queda activo',
  },
  'loan.approve_then_deliver': {
    status: 409,
    message: 'Use Aprobar y después Entregar para activar un préstamo',
  },
  'loan.status_computed': { status: 409, message: 'El estatus de un préstamo activo lo calcula el sistema' },
  'loan.delivered_not_cancellable': { status: 409, message: 'Un préstamo ya entregado no se puede cancelar' },
  'loan.approved_cannot_go_back': {
    status: 409,
    message: 'Un préstamo aprobado no puede volver a En espera; cancélelo para liberar la reserva',
  },
  'loan.cancelled_is_final': { status: 409, message: 'Un préstamo cancelado no puede cambiar de estatus' },

  'payment.not_found': { status: 404, message: 'Pago no encontrado' },
  'payment.loan_not_payable': {
    status: 409,
    message: 'Solo se pueden registrar pagos de préstamos activos o atrasados',
  },
  'payment.no_items': { status: 400, message: 'Seleccione al menos un pago o multa' },
  'payment.file_only_with_transfer': {
    status: 400,
    message: 'Solo se adjunta comprobante en pagos por transferencia',
  },
  'payment.unknown_item': { status: 400, message: 'Alguno de los conceptos no pertenece a este préstamo' },
  'payment.already_taken': {
    status: 409,
    message: 'Alguno de los conceptos ya fue pagado o está en validación',
  },
  'payment.not_payable': { status: 409, message: 'Alguno de los conceptos ya no se puede pagar' },
  'payment.all_pending_fees': { status: 400, message: 'Debe incluir todas las multas pendientes' },
  'payment.oldest_first': { status: 400, message: 'Debe pagar primero los pagos más antiguos' },
  'payment.only_validating_decides': {
    status: 409,
    message: 'Solo se puede confirmar o rechazar un pago en validación',
  },
  'payment.target_account_required': {
    status: 400,
    message: 'Seleccione la cuenta donde ingresó el pago',
    field: 'targetAccountId',
  },
  'fee.not_found': { status: 404, message: 'Multa no encontrada' },
  'fee.only_pending_cancels': { status: 409, message: 'Solo se puede cancelar una multa pendiente' },

  'upload.not_multipart': {
    status: 415,
    message: 'Envíe el pago como multipart/form-data con la parte paymentRequest',
  },
  'upload.request_missing': { status: 400, message: 'paymentRequest: es requerido' },
  'upload.request_invalid_json': { status: 400, message: 'paymentRequest: JSON inválido' },
  'upload.request_invalid_utf8': { status: 400, message: 'paymentRequest: no es UTF-8 válido' },
  'upload.request_twice': { status: 400, message: 'paymentRequest: envíe una sola parte paymentRequest' },
  'upload.one_file_only': { status: 400, message: 'Solo se permite un archivo' },
  'upload.file_too_large': { status: 413, message: 'El comprobante excede 10 MB' },
  'upload.file_empty': { status: 400, message: 'El comprobante está vacío' },
  'upload.file_not_image': {
    status: 415,
    message: 'El comprobante debe ser una imagen JPG, PNG, WebP o HEIC',
  },
  'upload.too_many_parts': { status: 400, message: 'La solicitud tiene demasiadas partes' },
  'upload.malformed': { status: 400, message: 'La solicitud multipart está incompleta o mal formada' },
  'attachment.link_invalid': { status: 403, message: 'El enlace del comprobante no es válido o ya expiró' },
  'attachment.not_found': { status: 404, message: 'Comprobante no encontrado' },

  /** A lookup miss: the same whether the loan number or the phone was wrong. */
  'public.lookup_miss': { status: 404, message: 'No se encontró el Préstamo' },
  /** Every refusal of the agent credential but a lock: missing, malformed, wrong PIN, unknown number. */
  'public.bad_credential': {
    status: 401,
    message: 'Autorización inválida: verifique su número de usuario y PIN',
  },
  /** A locked user number, with the business-clock time it opens (HH:MM, 24 h). */
  'public.pin_locked': {
    status: 423,
    message: 'PIN bloqueado por demasiados intentos; intente de nuevo a las {time}',
  },
  /** A right PIN of a user who is neither the customer's agent nor an administrator. */
  'public.not_assigned_agent': {
    status: 403,
    message: 'El pago debe autorizarlo el agente asignado al cliente o un administrador',
  },
  'public.too_many_requests': {
    status: 429,
    message: 'Demasiadas solicitudes. Intente de nuevo en un minuto.',
  },

  /** PostgreSQL unreachable (stopped, restarting, network): the pool reconnects by itself once it is back. */
  'database.unavailable': {
    status: 503,
    message: 'La base de datos no está disponible; intente de nuevo en unos segundos',
  },
  /** The event loop is saturated: new requests are shed (plugins/load-shedding.ts). */
  'server.overloaded': {
    status: 503,
    message: 'El servidor está saturado; intente de nuevo en unos segundos',
  },
} as const satisfies Record<RuleRefusal, RefusalEntry> & Record<string, RefusalEntry>;

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
