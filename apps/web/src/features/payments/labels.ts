export { fullName as fullCustomerName } from '../../lib/format.ts';
export { PAYMENT_STATUS_BADGES, paymentMethodLabel as methodLabel } from '../../lib/status-badges.ts';

export const PAYMENT_CONFIRMED = 'Pago confirmado correctamente';
export const PAYMENT_REJECTED = 'Pago rechazado';
export const PAYMENT_UPDATE_FAILED = 'Error actualizando pago';
export const TARGET_ACCOUNT_REQUIRED = 'Seleccione la cuenta donde ingresó el pago';
export const CONFIRM_TITLE = '¿Aceptar CONFIRMACIÓN del pago?';
export const REJECT_TITLE = 'Pago Rechazado';
export const REJECT_QUESTION = '¿Confirma RECHAZAR el pago?';
export const NO_PROOFS_TEXT = 'Sin comprobantes';
