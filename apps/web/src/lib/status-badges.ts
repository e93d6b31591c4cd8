import {
  ACCOUNT_OPERATION_LABELS,
  ACCOUNT_OPERATION_TYPES,
  type AccountOperationType,
  FEE_STATUS_LABELS,
  FEE_STATUSES,
  type FeeStatus,
  LOAN_STATUS_LABELS,
  LOAN_STATUSES,
  type LoanStatus,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentStatus,
  SCHEDULED_PAYMENT_STATUS_LABELS,
  SCHEDULED_PAYMENT_STATUSES,
  type ScheduledPaymentStatus,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type UserStatus,
} from '@prestaya/contracts/plain';
import type { StatusLabel } from '../components/StatusBadge.tsx';

/**
 * Every status badge of the back office: the Spanish label (from the contracts) and its colour, in one
 * place so a status reads and looks the same on every screen.
 */
function badges<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
  colors: Record<T, string>,
) {
  return values.map((value): StatusLabel => ({ value, text: labels[value], color: colors[value] }));
}

const LOAN_STATUS_COLORS: Record<LoanStatus, string> = {
  PENDING: 'yellow',
  APPROVED: 'cyan',
  ACTIVE: 'teal',
  PAID: 'blue',
  DELAYED: 'red',
  CANCELLED: 'gray',
};
/** En espera / Aprobado / Al corriente / Sin Adeudo / Atrasado / Cancelado. */
export const LOAN_STATUS_BADGES = badges(LOAN_STATUSES, LOAN_STATUS_LABELS, LOAN_STATUS_COLORS);

const SCHEDULED_PAYMENT_COLORS: Record<ScheduledPaymentStatus, string> = {
  PENDING: 'gray',
  DELAYED: 'red',
  PAID: 'teal',
  VALIDATING: 'yellow',
  REJECTED: 'orange',
  CANCELLED: 'gray',
};
export const SCHEDULED_PAYMENT_BADGES = badges(
  SCHEDULED_PAYMENT_STATUSES,
  SCHEDULED_PAYMENT_STATUS_LABELS,
  SCHEDULED_PAYMENT_COLORS,
);

const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  PAID: 'teal',
  VALIDATING: 'yellow',
  REJECTED: 'red',
  CANCELLED: 'gray',
};
/** Confirmado / Validando / Rechazado / Cancelado (spec 4). */
export const PAYMENT_STATUS_BADGES = badges(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, PAYMENT_STATUS_COLORS);

const FEE_STATUS_COLORS: Record<FeeStatus, string> = {
  PENDING: 'orange',
  ACTIVE: 'orange',
  PAID: 'teal',
  DELAYED: 'red',
  CANCELLED: 'gray',
  VALIDATING: 'yellow',
};
export const FEE_STATUS_BADGES = badges(FEE_STATUSES, FEE_STATUS_LABELS, FEE_STATUS_COLORS);

const OPERATION_COLORS: Record<AccountOperationType, string> = {
  PAYMENT_DEPOSIT: 'green',
  WITHDRAWAL: 'orange',
  VIRTUAL_WITHDRAWAL: 'grape',
  MANUAL_WITHDRAWAL: 'red',
  DEPOSIT: 'teal',
  RELEASE: 'blue',
};
/** Abono / Entrega / Reserva / Retiro / Depósito / Liberación. */
export const ACCOUNT_OPERATION_BADGES = badges(
  ACCOUNT_OPERATION_TYPES,
  ACCOUNT_OPERATION_LABELS,
  OPERATION_COLORS,
);

const USER_STATUS_COLORS: Record<UserStatus, string> = { A: 'teal', DELAYED: 'orange', CANCELLED: 'red' };
/** Activo / Atrasado / Cancelado. */
export const USER_STATUS_BADGES = badges(USER_STATUSES, USER_STATUS_LABELS, USER_STATUS_COLORS);

export const paymentMethodLabel = (method: string): string =>
  PAYMENT_METHOD_LABELS[method as keyof typeof PAYMENT_METHOD_LABELS] ?? method;
