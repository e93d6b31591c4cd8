import type { LoanStatus } from '@prestaya/contracts';

export { LOAN_STATUS_BADGES, SCHEDULED_PAYMENT_BADGES } from '../../lib/status-badges.ts';

/** Spec 2 "GlobalLoanList": the status filter (Todos is added by the table). */
export const GLOBAL_LIST_FILTER_STATUSES = ['ACTIVE', 'PENDING', 'DELAYED', 'APPROVED'] as const;

/** Spec 4: Pagar is offered only for these. */
export const PAYABLE_STATUSES: readonly LoanStatus[] = ['ACTIVE', 'DELAYED'];
/** Spec 2 "GlobalLoanList": Detalle for delivered loans. */
export const DELIVERED_STATUSES: readonly LoanStatus[] = ['ACTIVE', 'PAID', 'DELAYED'];

export { fullName as customerName } from '../../lib/format.ts';

export const LINK_COPIED = 'Link copiado al portapapeles';
