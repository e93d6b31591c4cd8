/** Status and type values with their Spanish labels (spec section 4). The one place they live. */
import { LOAN_STATUSES, type LoanStatus } from '@prestaya/domain';

export const ROLES = ['ROLE_ADMIN', 'ROLE_USER'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { ROLE_ADMIN: 'Administrador', ROLE_USER: 'Agente' };

export const USER_STATUSES = ['A', 'DELAYED', 'CANCELLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  A: 'Activo',
  DELAYED: 'Atrasado',
  CANCELLED: 'Cancelado',
};

// The loan statuses are the domain's (their groups and transitions live beside them).
export { LOAN_STATUSES, type LoanStatus };
/** Staff labels (CustomerDetails badge and lists). */
export const LOAN_STATUS_LABELS: Record<LoanStatus, string> = {
  PENDING: 'En espera',
  APPROVED: 'Aprobado',
  ACTIVE: 'Al corriente',
  PAID: 'Sin Adeudo',
  DELAYED: 'Atrasado',
  CANCELLED: 'Cancelado',
};
/** Labels on the public pages. */
export const PUBLIC_LOAN_STATUS_LABELS: Record<LoanStatus | 'REJECTED', string> = {
  PENDING: 'En espera',
  APPROVED: 'Aprobado',
  ACTIVE: 'Al Corriente',
  PAID: 'Pagado',
  DELAYED: 'Atrasado',
  CANCELLED: 'Cancelado',
  REJECTED: 'Rechazado',
};

export const SCHEDULED_PAYMENT_STATUSES = [
  'PENDING',
  'DELAYED',
  'PAID',
  'VALIDATING',
  'REJECTED',
  'CANCELLED',
] as const;
export type ScheduledPaymentStatus = (typeof SCHEDULED_PAYMENT_STATUSES)[number];
export const SCHEDULED_PAYMENT_STATUS_LABELS: Record<ScheduledPaymentStatus, string> = {
  PENDING: 'Pendiente',
  DELAYED: 'Atrasado',
  PAID: 'Pagado',
  VALIDATING: 'Validando',
  REJECTED: 'Rechazado',
  CANCELLED: 'Cancelado',
};

/** VALIDATING (not in the spec's list): the fee is part of a payment awaiting confirmation, so it cannot be paid twice. */
export const FEE_STATUSES = ['PENDING', 'ACTIVE', 'PAID', 'DELAYED', 'CANCELLED', 'VALIDATING'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];
export const FEE_STATUS_LABELS: Record<FeeStatus, string> = {
  PENDING: 'Pendiente',
  ACTIVE: 'Activa',
  PAID: 'Pagada',
  DELAYED: 'Atrasada',
  CANCELLED: 'Cancelada',
  VALIDATING: 'Validando',
};

export const PAYMENT_STATUSES = ['PAID', 'VALIDATING', 'REJECTED', 'CANCELLED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  PAID: 'Confirmado',
  VALIDATING: 'Validando',
  REJECTED: 'Rechazado',
  CANCELLED: 'Cancelado',
};

export const PAYMENT_METHODS = ['CASH', 'TRANSFER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  CASH: 'Efectivo',
  TRANSFER: 'Transferencia',
};

export const ACCOUNT_OPERATION_TYPES = [
  'PAYMENT_DEPOSIT',
  'WITHDRAWAL',
  'VIRTUAL_WITHDRAWAL',
  'MANUAL_WITHDRAWAL',
  'DEPOSIT',
  'RELEASE',
] as const;
export type AccountOperationType = (typeof ACCOUNT_OPERATION_TYPES)[number];
export const ACCOUNT_OPERATION_LABELS: Record<AccountOperationType, string> = {
  PAYMENT_DEPOSIT: 'Abono',
  WITHDRAWAL: 'Entrega',
  VIRTUAL_WITHDRAWAL: 'Reserva',
  MANUAL_WITHDRAWAL: 'Retiro',
  DEPOSIT: 'Depósito',
  RELEASE: 'Liberación',
};

export const CUSTOMER_STATUSES = ['PENDING'] as const;
