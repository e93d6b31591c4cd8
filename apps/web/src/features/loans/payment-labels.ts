import {
  FEE_STATUS_LABELS,
  FEE_STATUSES,
  type FeeStatus,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '@prestaya/contracts';
import type { StatusLabel } from '../../components/StatusBadge.tsx';

const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  PAID: 'teal',
  VALIDATING: 'yellow',
  REJECTED: 'red',
  CANCELLED: 'gray',
};

/** A loan's payments: Confirmado / Validando / Rechazado / Cancelado. */
export const PAYMENT_STATUS_BADGES: StatusLabel[] = PAYMENT_STATUSES.map((value) => ({
  value,
  text: PAYMENT_STATUS_LABELS[value],
  color: PAYMENT_STATUS_COLORS[value],
}));

const FEE_STATUS_COLORS: Record<FeeStatus, string> = {
  PENDING: 'orange',
  ACTIVE: 'orange',
  PAID: 'teal',
  DELAYED: 'red',
  CANCELLED: 'gray',
  VALIDATING: 'yellow',
};

/** A loan's fines: Pendiente / Activa / Pagada / Atrasada / Cancelada / Validando. */
export const FEE_STATUS_BADGES: StatusLabel[] = FEE_STATUSES.map((value) => ({
  value,
  text: FEE_STATUS_LABELS[value],
  color: FEE_STATUS_COLORS[value],
}));

export const methodLabel = (method: string): string =>
  PAYMENT_METHOD_LABELS[method as keyof typeof PAYMENT_METHOD_LABELS] ?? method;

/** PaymentDetails (admin) of one payment. */
export const paymentDetailsPath = (paymentId: string) => `/admin/payments/${encodeURIComponent(paymentId)}`;

export const PAYMENT_REGISTERED = 'Pago registrado correctamente!';
export const PAYMENT_REGISTER_FAILED = 'No se pudo registrar el pago';
export const FEE_CANCELLED = 'Multa cancelada correctamente!';
export const FEE_CANCEL_FAILED = 'No se pudo cancelar la multa';
export const FEE_CANCEL_QUESTION = 'Confirma que desea cancelar la multa?';
export const DROPZONE_PROMPT = 'Click para elegir imagen o suelta una imagen aqui';
export const FEES_ALWAYS_INCLUDED = 'Las multas pendientes se incluyen siempre';
