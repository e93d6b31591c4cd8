import type {
  LOAN_ORDER_COLUMNS,
  Loan,
  LoanListQuery,
  LoanStatus,
  Paged,
  PagedQuery,
} from '@prestaya/contracts';
import { and, eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
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
import { findVisibleCustomer } from '../customers/access.ts';
import { customerSearch } from '../customers/search.ts';
import { selectLoans, visibleLoans } from './access.ts';
import { type LoanJoinedRow, toLoanDto } from './mapping.ts';
import { countLoansByStatus } from './status-tally.ts';

/** Sortable columns: exactly LOAN_ORDER_COLUMNS of the contracts. */
const ORDER_COLUMNS = {
  num: loans.num,
  amount: loans.amountCents,
  status: loans.status,
  createdOn: loans.createdOn,
  requestDate: loans.requestDate,
} satisfies Record<(typeof LOAN_ORDER_COLUMNS)[number], SQLWrapper>;

/**
 * A loans list filter. `readsCustomers` says whether it reads customers' columns (an agent's
 * visibility, a name search): only then does the count join customers. loans.customer_id is NOT NULL
 * and a foreign key, so the join never changes the count, but without it an administrator's status
 * filter is counted from loans_status_idx alone instead of hashing every customer (bench/api.ts).
 */
interface LoanFilter {
  where: SQL | undefined;
  readsCustomers: boolean;
  /**
   * Set when the filter is every loan or one status and nothing else (an administrator's list): the
   * total is then the tally's (status-tally.ts), not a count of up to every loan.
   */
  tally?: { status: LoanStatus | undefined };
}

/**
 * THE query of a loans list (filter, order, count) for a WHERE clause, shared by the paged lists and
 * the CSV export so both always select the same loans.
 */
export function loanListSource(
  db: AppDb,
  query: ListRequest<PagedQuery>,
  { where, readsCustomers, tally }: LoanFilter,
): PaginateOptions<LoanJoinedRow> {
  return {
    request: newestFirst(query),
    orderColumns: ORDER_COLUMNS,
    defaultOrderBy: 'createdOn',
    tiebreaker: loans.id,
    rows: (page) => pageOf(selectLoans(db).$dynamic(), where, page),
    ...(tally ? { exactCount: true } : {}),
    count: (limit) => {
      if (tally) return countLoansByStatus(db, tally.status);
      const counted = db.select(ONE).from(loans).$dynamic();
      const joined = readsCustomers
        ? counted.innerJoin(customers, eq(customers.id, loans.customerId))
        : counted;
      return countRows(db, joined.where(where), limit);
    },
  };
}

function pagedLoans(db: AppDb, query: ListRequest<PagedQuery>, filter: LoanFilter): Promise<Paged<Loan>> {
  return paginateAs(loanListSource(db, query, filter), toLoanDto);
}

/** GET /customers/{id}/loans: the loans of a customer the actor sees (else 404 'Cliente no encontrado'). */
export async function listCustomerLoans(
  db: AppDb,
  actor: CustomerActor,
  customerId: string,
  query: ListRequest<PagedQuery>,
): Promise<Paged<Loan>> {
  await findVisibleCustomer(db, actor, customerId);
  return pagedLoans(db, query, { where: eq(loans.customerId, customerId), readsCustomers: false });
}

/**
 * GET /loans (administrators; the route enforces it): `q` filters by status (its schema refuses
 * anything but a loan status); `query` matches the customer's name and last names through
 * `customers.search_text`, normalised by the same pure function the customers search uses (so the
 * trigram index serves it, and `gomez` finds `Gómez`); a numeric `query` also matches the loan `num`.
 */
export async function listLoans(
  db: AppDb,
  actor: CustomerActor,
  query: ListRequest<LoanListQuery>,
): Promise<Paged<Loan>> {
  return pagedLoans(db, query, globalLoansFilter(actor, query));
}

export function globalLoansFilter(actor: CustomerActor, query: LoanListQuery): LoanFilter {
  const visible = visibleLoans(actor);
  const conditions: (SQL | undefined)[] = [visible];
  const status = query.q;
  if (status) conditions.push(eq(loans.status, status));
  const search = customerSearch(query.query, loans.num);
  conditions.push(search);
  const readsCustomers = visible !== undefined || search !== undefined;
  return { where: and(...conditions), readsCustomers, ...(readsCustomers ? {} : { tally: { status } }) };
}
