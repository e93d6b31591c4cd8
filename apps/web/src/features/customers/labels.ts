import {
  type AgentSummary,
  LOAN_STATUS_LABELS,
  LOAN_STATUSES,
  type LoanStatus,
  MX_STATES,
  type MxState,
} from '@prestaya/contracts';
import type { StatusLabel } from '../../components/StatusBadge.tsx';

const LOAN_STATUS_COLORS: Record<LoanStatus, string> = {
  PENDING: 'yellow',
  APPROVED: 'cyan',
  ACTIVE: 'teal',
  PAID: 'blue',
  DELAYED: 'red',
  CANCELLED: 'gray',
};

/** Badge of the customer's loan: En espera / Al corriente / Sin Adeudo / Atrasado (spec 2 "CustomerDetails"). */
export const LOAN_STATUS_BADGES: StatusLabel[] = LOAN_STATUSES.map((value) => ({
  value,
  text: LOAN_STATUS_LABELS[value],
  color: LOAN_STATUS_COLORS[value],
}));

export const NO_LOAN_TEXT = 'Sin préstamo';

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

/** The 32 states for a Select, in the spec's order. */
export const STATE_OPTIONS = MX_STATES.map((value) => ({ value, label: STATE_NAMES[value] }));

/** Lower case without accents, so that 'queretaro' finds 'Querétaro'. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** Spec 2: name, lastName and secondLastName joined. */
export function customerFullName(customer: {
  name: string;
  lastName: string;
  secondLastName?: string | null;
}): string {
  return [customer.name, customer.lastName, customer.secondLastName].filter(Boolean).join(' ');
}

export function agentName(agent: Pick<AgentSummary, 'name' | 'lastName'>): string {
  return [agent.name, agent.lastName].filter(Boolean).join(' ');
}
