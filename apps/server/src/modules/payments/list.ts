import type { PAYMENT_ORDER_COLUMNS, Paged, PaymentListItem, PaymentListQuery } from '@prestaya/contracts';
import { and, desc, eq, inArray, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { withinBusinessDays } from '../../db/date-range.ts';
import {
  countRows,
  type ListRequest,
  newestFirst,
  ONE,
  type PaginateOptions,
  pageOf,
  paginateAs,
} from '../../db/paging.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { paymentStatusTally } from '../../db/schema/report-tallies.ts';
import { countByStatus } from '../../db/status-tally.ts';
import { customerSearch } from '../customers/search.ts';
import { requireVisibleLoan } from '../loans/access.ts';
import { type PaymentJoinedRow, toPaymentListItem } from './mapping.ts';
import { selectPayments } from './queries.ts';

/** GET /loans/{id}/payments: the payments of a visible loan ('Lista de Pagos'), newest first. */
export async function listLoanPayments(
  db: AppDb,
  actor: CustomerActor,
  loanId: string,
): Promise<PaymentListItem[]> {
  await requireVisibleLoan(db, actor, loanId);
  const rows = await selectPayments(db)
    .where(eq(payments.loanId, loanId))
    .orderBy(desc(payments.createdOn), desc(payments.id));
  return rows.map(toPaymentListItem);
}

/** Sortable columns: exactly PAYMENT_ORDER_COLUMNS of the contracts. */
const ORDER_COLUMNS = {
  createdOn: payments.createdOn,
  amount: payments.amountCents,
  status: payments.status,
} satisfies Record<(typeof PAYMENT_ORDER_COLUMNS)[number], SQLWrapper>;

/**
 * GET /payments (administrators): 'Pagos Recibidos'. `q` filters by status (PAYMENT_STATUSES, else
 * 400); `query` finds the customer (the customers search rule, customers/search.ts) or, when numeric,
 * the loan number; `from`/`to` bound the business day of registration (db/date-range.ts). Newest
 * first unless `orderBy`.
 */
export function listPayments(
  db: AppDb,
  query: ListRequest<PaymentListQuery>,
  timeZone: string,
): Promise<Paged<PaymentListItem>> {
  return paginateAs(paymentListSource(db, query, timeZone), toPaymentListItem);
}

/**
 * THE query of 'Pagos Recibidos' (filters, order, count), shared by the paged list and its CSV export
 * so both always select the same payments.
 */
export function paymentListSource(
  db: AppDb,
  query: ListRequest<PaymentListQuery>,
  timeZone: string,
): PaginateOptions<PaymentJoinedRow> {
  const conditions: (SQL | undefined)[] = [withinBusinessDays(payments.createdOn, query, timeZone)];
  if (query.q) conditions.push(eq(payments.status, query.q));
  const search = customerSearch(query.query, loans.num);
  const where = and(...conditions, search);
  // Every payment, or one status, and nothing else: the total is the status tally's, exact and a sum
  // over a handful of rows, where counting read up to 10,001 index entries (bench/screens.ts).
  const byStatusOnly = !search && !query.from && !query.to;
  return {
    request: newestFirst(query),
    orderColumns: ORDER_COLUMNS,
    defaultOrderBy: 'createdOn',
    tiebreaker: payments.id,
    // Without a search every filter is the payment's own: the page's ids come off payments alone (an
    // index-only walk of payments_created_idx or payments_status_idx), then only those rows are joined.
    // Joined before the LIMIT, PostgreSQL sizes each Memoize of the joins by the count of payments, so
    // the page's cost would grow with the business (performance-history.md "Flat at 1,000,000").
    rows: (page) =>
      search
        ? pageOf(selectPayments(db).$dynamic(), where, page)
        : selectPayments(db)
            .where(
              inArray(
                payments.id,
                pageOf(db.select({ id: payments.id }).from(payments).$dynamic(), where, page),
              ),
            )
            .orderBy(...page.orderBy),
    ...(byStatusOnly ? { exactCount: true } : {}),
    // Without a search the filters are the payment's own columns: counted off payments alone
    // (payments_created_idx for a date range), as every payment has its loan and customer.
    count: (limit) => {
      if (byStatusOnly) return countByStatus(db, paymentStatusTally, query.q);
      const counted = db.select(ONE).from(payments).$dynamic();
      const joined = search
        ? counted
            .innerJoin(loans, eq(loans.id, payments.loanId))
            .innerJoin(customers, eq(customers.id, loans.customerId))
        : counted;
      return countRows(db, joined.where(where), limit);
    },
  };
}
