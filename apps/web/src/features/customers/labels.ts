import { type AgentSummary, MX_STATES, type MxState, NO_LOAN_LABEL } from '@prestaya/contracts';
import type { StatusLabel } from '../../lib/status-badges.ts';
import { LOAN_STATUS_BADGES } from '../../lib/status-badges.ts';

export { LOAN_STATUS_BADGES };

export const NO_LOAN_TEXT = NO_LOAN_LABEL;

/** The badge value of a customer without a loan in the list's status column. */
export const NO_LOAN = 'NO_LOAN';

/** The status of a customer's current loan, and 'Sin préstamo' (grey) when they have none. */
export const CURRENT_LOAN_BADGES: StatusLabel[] = [
  ...LOAN_STATUS_BADGES,
  { value: NO_LOAN, text: NO_LOAN_TEXT, color: 'gray' },
];

/** How each state reads on screen; the API value (upper case, no accents) is what is sent. */
const STATE_NAMES: Record<MxState, string> = {
  AGUASCALIENTES: 'Aguascalientes',
  'BAJA CALIFORNIA': 'Baja California',
  'BAJA CALIFORNIA SUR': 'Baja California Sur',
  CAMPECHE: 'Campeche',
  COAHUILA: 'Coahuila',
  COLIMA: 'Colima',
  CHIAPAS: 'Chiapas',
  CHIHUAHUA: 'Chihuahua',
  'CIUDAD DE MEXICO': 'Ciudad de México',
  DURANGO: 'Durango',
  GUANAJUATO: 'Guanajuato',
  GUERRERO: 'Guerrero',
  HIDALGO: 'Hidalgo',
  JALISCO: 'Jalisco',
  MEXICO: 'Estado de México',
  MICHOACAN: 'Michoacán',
  MORELOS: 'Morelos',
  NAYARIT: 'Nayarit',
  'NUEVO LEON': 'Nuevo León',
  OAXACA: 'Oaxaca',
  PUEBLA: 'Puebla',
  QUERETARO: 'Querétaro',
  'QUINTANA ROO': 'Quintana Roo',
  'SAN LUIS POTOSI': 'San Luis Potosí',
  SINALOA: 'Sinaloa',
  SONORA: 'Sonora',
  TABASCO: 'Tabasco',
  TAMAULIPAS: 'Tamaulipas',
  TLAXCALA: 'Tlaxcala',
  VERACRUZ: 'Veracruz',
  YUCATAN: 'Yucatán',
  ZACATECAS: 'Zacatecas',
};

export function stateName(value: string): string {
  return STATE_NAMES[value as MxState] ?? value;
}

/** The 32 states for a Select, in the order of docs/product.md §3 "State list". */
export const STATE_OPTIONS = MX_STATES.map((value) => ({ value, label: STATE_NAMES[value] }));

export { foldText, fullName as customerFullName } from '../../lib/format.ts';

export function agentName(agent: Pick<AgentSummary, 'name' | 'lastName'>): string {
  return [agent.name, agent.lastName].filter(Boolean).join(' ');
}
