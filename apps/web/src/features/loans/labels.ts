import { LOAN_STATUSES, type LoanStatus } from '@prestaya/contracts';
import { BALANCED_STATUSES, GLOBAL_LIST_FIRST_STATUSES, PAYABLE_LOAN_STATUSES } from '@prestaya/domain';

export { LOAN_STATUS_BADGES, SCHEDULED_PAYMENT_BADGES } from '../../lib/status-badges.ts';

const FIRST: readonly LoanStatus[] = GLOBAL_LIST_FIRST_STATUSES;

/**
 * The status filter of the Lista Global (Todos is added by the table): every loan status, the four of
 * docs/product.md §2 "GlobalLoanList" first, so paid and cancelled loans can be found too.
 */
export const GLOBAL_LIST_FILTER_STATUSES: readonly LoanStatus[] = [
  ...FIRST,
  ...LOAN_STATUSES.filter((status) => !FIRST.includes(status)),
];

/**
 * docs/product.md §4: Pagar is offered only for these: the open loans, and a written-off one (its
 * payments are recoveries, docs/product.md "Castigo").
 */
export const PAYABLE_STATUSES: readonly LoanStatus[] = PAYABLE_LOAN_STATUSES;
/** docs/product.md §2 "GlobalLoanList": Detalle for delivered loans (computed, or written off). */
export const DELIVERED_STATUSES: readonly LoanStatus[] = BALANCED_STATUSES;

export { fullName as customerName } from '../../lib/format.ts';

export const LINK_COPIED = 'Link copiado al portapapeles';
