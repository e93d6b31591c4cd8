import { CURP_MESSAGES, UNDER_AGE_MESSAGE } from '@prestaya/contracts';
import { badRequest, conflict, forbidden, notFound, type RefusalEntry } from './status.ts';

/** Customers and their addresses: the CURP, the age, the assigned agent (modules/customers). */
export const CUSTOMER_REFUSALS = {
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
} satisfies Record<string, RefusalEntry>;
