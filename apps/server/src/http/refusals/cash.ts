import { badRequest, conflict, forbidden, notFound, type RefusalEntry } from './status.ts';

/** An agent's cash close and cash count (modules/cash-close). */
export const CASH_REFUSALS = {
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
} satisfies Record<string, RefusalEntry>;
