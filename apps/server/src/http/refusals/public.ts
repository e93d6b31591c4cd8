import {
  conflict,
  forbidden,
  locked,
  notFound,
  type RefusalEntry,
  tooManyRequests,
  unauthorized,
} from './status.ts';

/** The public payment page, the agent's PIN and the payments that wait for the agent. */
export const PUBLIC_REFUSALS = {
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
} satisfies Record<string, RefusalEntry>;
