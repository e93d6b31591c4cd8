import {
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

/** Payment status badges: Confirmado / Validando / Rechazado / Cancelado (spec 4). */
export const PAYMENT_STATUS_BADGES: StatusLabel[] = PAYMENT_STATUSES.map((value) => ({
  value,
  text: PAYMENT_STATUS_LABELS[value],
  color: PAYMENT_STATUS_COLORS[value],
}));

export const methodLabel = (method: string): string =>
  PAYMENT_METHOD_LABELS[method as keyof typeof PAYMENT_METHOD_LABELS] ?? method;

/** The customer's full name (name, paternal and maternal last names). */
export function fullCustomerName(customer: {
  name: string;
  lastName: string;
  secondLastName?: string | null;
}): string {
  return [customer.name, customer.lastName, customer.secondLastName].filter(Boolean).join(' ');
}

export const PAYMENTS_LIST_PATH = '/admin/payments';
export const paymentDetailsPath = (id: string) => `${PAYMENTS_LIST_PATH}/${encodeURIComponent(id)}`;
/** CustomerDetails of the payment's customer (its Préstamos tab has the loan). */
export const customerDetailsPath = (customerId: string) =>
  `/admin/customers/${encodeURIComponent(customerId)}`;

export const PAYMENT_CONFIRMED = 'Pago confirmado correctamente';
export const PAYMENT_REJECTED = 'Pago rechazado';
export const PAYMENT_UPDATE_FAILED = 'Error actualizando pago';
export const TARGET_ACCOUNT_REQUIRED = 'Seleccione la cuenta donde ingresó el pago';
export const CONFIRM_TITLE = '¿Aceptar CONFIRMACIÓN del pago?';
export const REJECT_TITLE = 'Pago Rechazado';
export const REJECT_QUESTION = '¿Confirma RECHAZAR el pago?';
export const NO_PROOFS_TEXT = 'Sin comprobantes';
