import { badRequest, forbidden, type RefusalEntry, unauthorized, unavailable } from './status.ts';

/** Refusals of any request: the session, the role, a list order, an amount, the server itself. */
export const GENERAL_REFUSALS = {
  'session.invalid': unauthorized('Sesión inválida o expirada'),
  forbidden: forbidden('No tiene permisos para esta operación'),
  'list.invalid_order': badRequest('No se puede ordenar por "{key}"; use uno de: {allowed}', 'orderBy'),
  'money.invalid_amount': badRequest('Monto inválido'),
  /** PostgreSQL unreachable (stopped, restarting, network): the pool reconnects by itself once it is back. */
  'database.unavailable': unavailable(
    'La base de datos no está disponible; intente de nuevo en unos segundos',
  ),
  /** The event loop is saturated: new requests are shed (plugins/load-shedding.ts). */
  'server.overloaded': unavailable('El servidor está saturado; intente de nuevo en unos segundos'),
} satisfies Record<string, RefusalEntry>;
