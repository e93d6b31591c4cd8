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
