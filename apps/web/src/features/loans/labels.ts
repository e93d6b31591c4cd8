import {
  LOAN_STATUS_LABELS,
  LOAN_STATUSES,
  type LoanStatus,
  SCHEDULED_PAYMENT_STATUS_LABELS,
  SCHEDULED_PAYMENT_STATUSES,
  type ScheduledPaymentStatus,
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

/** Loan status badges with the staff labels (En espera, Aprobado, Al corriente, …). */
export const LOAN_STATUS_BADGES: StatusLabel[] = LOAN_STATUSES.map((value) => ({
  value,
  text: LOAN_STATUS_LABELS[value],
  color: LOAN_STATUS_COLORS[value],
}));

const SCHEDULED_PAYMENT_COLORS: Record<ScheduledPaymentStatus, string> = {
  PENDING: 'gray',
  DELAYED: 'red',
  PAID: 'teal',
  VALIDATING: 'yellow',
  REJECTED: 'orange',
  CANCELLED: 'gray',
};

export const SCHEDULED_PAYMENT_BADGES: StatusLabel[] = SCHEDULED_PAYMENT_STATUSES.map((value) => ({
  value,
  text: SCHEDULED_PAYMENT_STATUS_LABELS[value],
  color: SCHEDULED_PAYMENT_COLORS[value],
}));

/** Spec 2 "Loan form": the status selector offers these (APPROVED is reached only through Aprobar). */
export const LOAN_FORM_STATUSES = ['PENDING', 'ACTIVE', 'PAID', 'DELAYED', 'CANCELLED'] as const;

/** Spec 2 "GlobalLoanList": the status filter (Todos is added by the table). */
export const GLOBAL_LIST_FILTER_STATUSES = ['ACTIVE', 'PENDING', 'DELAYED', 'APPROVED'] as const;

/** Spec 4: Pagar is offered only for these. */
export const PAYABLE_STATUSES: readonly LoanStatus[] = ['ACTIVE', 'DELAYED'];
/** Spec 2 "GlobalLoanList": Detalle for delivered loans. */
export const DELIVERED_STATUSES: readonly LoanStatus[] = ['ACTIVE', 'PAID', 'DELAYED'];

export function customerName(customer: {
  name: string;
  lastName: string;
  secondLastName?: string | null;
}): string {
  return [customer.name, customer.lastName, customer.secondLastName].filter(Boolean).join(' ');
}

/** The public statement of a loan (spec 2 "LoanDetails"); its id is a UUIDv7, not guessable. */
export const publicLoanPath = (id: string) => `/loans/${encodeURIComponent(id)}`;

/** CustomerDetails of the loan's customer (spec 2 "GlobalLoanList" → Detalle). */
export const customerDetailsPath = (customerId: string) =>
  `/admin/customers/${encodeURIComponent(customerId)}`;

export const LINK_COPIED = 'Link copiado al portapapeles';
