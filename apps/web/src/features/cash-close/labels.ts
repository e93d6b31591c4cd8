import { requiredText } from '@prestaya/contracts';

import { formatMoney } from '../../lib/format.ts';

export { fullName } from '../../lib/format.ts';
export { PAYMENT_STATUS_BADGES, paymentMethodLabel as methodLabel } from '../../lib/status-badges.ts';

export const SCREEN_TITLE = 'Corte de caja';
export const CONFIRM_LABEL = 'Confirmar corte';
export const CONFIRM_FAILED = 'No se pudo confirmar el corte';
export const REJECT_FAILED = 'No se pudo rechazar el pago';
export const ACCOUNT_REQUIRED = 'Seleccione la cuenta donde ingresó el efectivo';
export const NOTHING_TO_CONFIRM = 'No había pagos en efectivo por confirmar';
export const NO_PAYMENTS_TODAY = 'Aún no hay pagos registrados este día';
export const CHOOSE_AGENT = 'Seleccione un agente para ver su corte de caja';

/** The agent's name as the corte names them: 'Ana Agente (No. 1002)'. */
export const agentLabel = (agent: { name: string; lastName: string; num: number }) =>
  `${agent.name} ${agent.lastName} (No. ${agent.num})`;

/** 'N pagos' / '1 pago'. */
export const paymentsCount = (n: number) => `${n} ${n === 1 ? 'pago' : 'pagos'}`;

/** Why a payment leaves the corte: required, 3 to 300 characters of plain text (kept in its audit). */
export const REASON_MIN = 3;
export const REASON_MAX = 300;
export const rejectionReason = requiredText({ label: 'El motivo', max: REASON_MAX }).min(
  REASON_MIN,
  `El motivo debe tener al menos ${REASON_MIN} caracteres`,
);

export const COUNT_LABEL = 'Contar efectivo';
export const CLOSE_DAY_LABEL = 'Cerrar día';
export const CLOSE_FAILED = 'No se pudo cerrar el día';
export const COUNTED_REQUIRED = 'El efectivo contado es requerido';
export const NOTE_REQUIRED = 'Escriba una nota que explique el faltante o el sobrante';
export const CLOSED_LABEL = 'Cerrado';
export const HISTORY_TITLE = 'Historial de cortes';

/** 'Faltante $49.50', 'Sobrante $20.00', or 'Sin diferencia'; `difference` is counted − expected, in pesos. */
export const differenceText = (kind: 'FALTANTE' | 'SOBRANTE' | null, difference: number) =>
  kind === null
    ? 'Sin diferencia'
    : `${kind === 'FALTANTE' ? 'Faltante' : 'Sobrante'} ${formatMoney(Math.abs(difference))}`;

/** The colour a difference reads in: red missing, blue over, green exact (each dark enough for AA text). */
export const differenceColor = (kind: 'FALTANTE' | 'SOBRANTE' | null) =>
  kind === 'FALTANTE' ? 'red.9' : kind === 'SOBRANTE' ? 'blue.9' : 'teal.9';
