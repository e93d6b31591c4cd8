export {
  FEE_STATUS_BADGES,
  PAYMENT_STATUS_BADGES,
  paymentMethodLabel as methodLabel,
} from '../../lib/status-badges.ts';

export const PAYMENT_REGISTERED = 'Pago registrado correctamente!';
export const PAYMENT_REGISTER_FAILED = 'No se pudo registrar el pago';
export const FEE_CANCELLED = 'Multa cancelada correctamente!';
export const FEE_CANCEL_FAILED = 'No se pudo cancelar la multa';
export const FEE_CANCEL_QUESTION = '¿Confirma que desea cancelar la multa?';
export const FEE_CANCEL_CONFIRM = 'Cancelar multa';
export const FEE_CANCEL_BACK = 'Volver';
export const DROPZONE_PROMPT = 'Click para elegir imagen o suelta una imagen aqui';
export const FEES_ALWAYS_INCLUDED = 'Las multas pendientes se incluyen siempre';
export const ABONO_REGISTERED = 'Abono registrado correctamente!';
export const ABONO_HINT =
  'El abono paga primero las multas pendientes y luego los pagos más antiguos; el último que alcanza queda pagado en parte.';
/** The two ways to register a payment: the specification's ticked installments, or an amount. */
export const PAYMENT_MODE_ITEMS = 'Marcar pagos';
export const PAYMENT_MODE_ABONO = 'Abono';
