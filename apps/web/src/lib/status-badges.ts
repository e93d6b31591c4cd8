import type { MantineColor } from '@mantine/core';
import {
  ACCOUNT_OPERATION_LABELS,
  ACCOUNT_OPERATION_TYPES,
  FEE_STATUS_LABELS,
  FEE_STATUSES,
  LOAN_STATUS_LABELS,
  LOAN_STATUSES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  SCHEDULED_PAYMENT_STATUS_LABELS,
  SCHEDULED_PAYMENT_STATUSES,
  USER_STATUS_LABELS,
  USER_STATUSES,
} from '@prestaya/contracts/plain';
import type { ReactNode } from 'react';

/** How one status value reads and looks in a badge. */
export interface StatusLabel {
  value: string;
  text: string;
  color?: MantineColor;
  icon?: ReactNode;
}

/**
 * Every status badge of the back office: the Spanish label (from the contracts) and its colour, in one
 * place so a status reads and looks the same on every screen. A value takes its shared colour unless
 * its kind says otherwise (a paid loan is blue, a pending fine orange).
 */
const SHARED_COLORS: Record<string, string> = {
  ACTIVE: 'teal',
  PAID: 'teal',
  VALIDATING: 'yellow',
  DELAYED: 'red',
  CANCELLED: 'gray',
  RESTRUCTURED: 'violet',
};

function badges<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
  colors: Partial<Record<T, string>>,
) {
  return values.map(
    (value): StatusLabel => ({ value, text: labels[value], color: colors[value] ?? SHARED_COLORS[value] }),
  );
}

/** En espera / Aprobado / Al corriente / Sin Adeudo / Atrasado / Cancelado. */
export const LOAN_STATUS_BADGES = badges(LOAN_STATUSES, LOAN_STATUS_LABELS, {
  PENDING: 'yellow',
  APPROVED: 'cyan',
  PAID: 'blue',
  WRITTEN_OFF: 'grape',
});

export const SCHEDULED_PAYMENT_BADGES = badges(SCHEDULED_PAYMENT_STATUSES, SCHEDULED_PAYMENT_STATUS_LABELS, {
  PENDING: 'gray',
  REJECTED: 'orange',
});

/** Confirmado / Validando / Rechazado / Cancelado (docs/product.md §4). */
export const PAYMENT_STATUS_BADGES = badges(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, { REJECTED: 'red' });

export const FEE_STATUS_BADGES = badges(FEE_STATUSES, FEE_STATUS_LABELS, {
  PENDING: 'orange',
  ACTIVE: 'orange',
});

/** Abono / Entrega / Reserva / Retiro / Depósito / Liberación. */
export const ACCOUNT_OPERATION_BADGES = badges(ACCOUNT_OPERATION_TYPES, ACCOUNT_OPERATION_LABELS, {
  PAYMENT_DEPOSIT: 'green',
  WITHDRAWAL: 'orange',
  VIRTUAL_WITHDRAWAL: 'grape',
  MANUAL_WITHDRAWAL: 'red',
  DEPOSIT: 'teal',
  RELEASE: 'blue',
});

/** Activo / Atrasado / Cancelado. */
export const USER_STATUS_BADGES = badges(USER_STATUSES, USER_STATUS_LABELS, {
  A: 'teal',
  DELAYED: 'orange',
  CANCELLED: 'red',
});

export const paymentMethodLabel = (method: string): string =>
  PAYMENT_METHOD_LABELS[method as keyof typeof PAYMENT_METHOD_LABELS] ?? method;
