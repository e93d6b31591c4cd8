import {
  type AgentSummary,
  type CUSTOMER_ORDER_COLUMNS,
  CUSTOMER_STATUSES,
  type CustomerListItem,
  LOAN_STATUS_LABELS,
  LOAN_STATUSES,
  NO_LOAN_LABEL,
  type Paged,
  type PagedQuery,
} from '@prestaya/contracts';
import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { type PaginateOptions, pageOf, paginateAs } from '../../db/paging.ts';
import { type CustomerRow, customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import type { CustomerActor } from '../../domain/customers.ts';
import { refuse } from '../../http/refusals.ts';
import { CURRENT_LOAN_COLUMNS, type CurrentLoanRow, toCustomerLoanSummary } from '../loans/summary.ts';
import { visibleCustomers } from './access.ts';
import { toCustomerListItem } from './mapping.ts';
import { customerSearch } from './search.ts';

/** The agent beside a customer: a left join, since `agent_id` is nullable in the table. */
const AGENT_SUMMARY = { id: users.id, num: users.num, name: users.name, lastName: users.lastName };

/**
 * Each customer with its agent and current loan (`current_loan_id`, kept by the triggers on loans;
 * modules/loans/summary.ts): both are primary-key lookups for the rows of the page only.
 */
export function selectCustomers(db: DbOrTx) {
  return db
    .select({ customer: customers, agent: AGENT_SUMMARY, currentLoan: CURRENT_LOAN_COLUMNS })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.agentId))
    .leftJoin(loans, eq(loans.id, customers.currentLoanId));
}

/** Loan statuses, and no loan (null), in the alphabetical order of their Spanish labels. */
const STATUSES_BY_LABEL: (string | null)[] = [...LOAN_STATUSES, null]
  .map((status) => ({ status, label: status ? LOAN_STATUS_LABELS[status] : NO_LOAN_LABEL }))
  .sort((a, b) => a.label.localeCompare(b.label, 'es', { sensitivity: 'base' }))
  .map(({ status }) => status);

/** The rank of the current loan's status in STATUSES_BY_LABEL: sorting by it reads A→Z on screen. */
const STATUS_RANK = sql`(case ${customers.currentLoanStatus} ${sql.join(
  LOAN_STATUSES.map(
    (status) => sql`when ${status} then ${sql.raw(String(STATUSES_BY_LABEL.indexOf(status)))}`,
  ),
  sql` `,
)} else ${sql.raw(String(STATUSES_BY_LABEL.indexOf(null)))} end)`;

/**
 * Sortable columns: exactly CUSTOMER_ORDER_COLUMNS of the contracts. `name` sorts by the full name the
 * list shows, ignoring case and accents ('Álvaro' before 'Beto'): `search_text` starts with exactly that
 * normalised full name, and customers_name_order_idx holds it in order. `lastName` sorts by both last
 * names then the name, also ignoring case and accents. `status` and `balance` are the current loan's
 * (a customer without one reads 'Sin préstamo' and owes $0.00): no index holds either order, so each
 * reads the customers the filter keeps once, the balance through one join on the loan's primary key
 * (docs/performance.md "Customers list"). Equal values are ordered by id (paging.ts's tiebreaker), so
 * pages never overlap.
 */
const ORDER_COLUMNS = {
  num: customers.num,
  name: customers.searchText,
  lastName: sql`unaccent(lower(concat_ws(' ', ${customers.lastName}, ${customers.secondLastName}, ${customers.name})))`,
  phone: customers.phone,
  createdOn: customers.createdOn,
  status: STATUS_RANK,
  balance: sql`coalesce(${loans.currentBalanceCents}, 0)`,
} satisfies Record<(typeof CUSTOMER_ORDER_COLUMNS)[number], SQLWrapper>;

/**
 * `query` matches name, last names, phone and CURP through `search_text` (modules/customers/search.ts);
 * a numeric query also matches `num` exactly. `q` filters by the customer's status.
 */
function customerFilter(query: PagedQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    if (!CUSTOMER_STATUSES.includes(query.q as CustomerListItem['status']))
      throw refuse('list.invalid_status');
    conditions.push(eq(customers.status, query.q));
  }
  conditions.push(customerSearch(query.query, customers.num));
  return and(...conditions);
}

export interface CustomerListRow {
  customer: CustomerRow;
  agent: AgentSummary | null;
  currentLoan: CurrentLoanRow | null;
}

/**
 * How many customers a text search counts at most. Its matches are found through the lossy trigram
 * index and each one is re-checked on its row, so counting every match of a common name ('hernández':
 * 15,019 of 100,000 customers) cost as much as reading the table, on every search. Nobody pages through
 * more than a thousand results of a search: past this the total reads as this many, and counting
 * stops as soon as it gets there (docs/performance.md "Name search").
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * The number of rows `where` keeps, counted up to `cap` + 1 at most (the subquery stops there);
 * anything past `cap` is reported as `cap`.
 */
async function countUpTo(db: AppDb, where: SQL | undefined, cap: number): Promise<number> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(customers)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return Math.min(row?.n ?? 0, cap);
}

export interface CustomerListOptions {
  /** SEARCH_COUNT_CAP unless a test lowers it. */
  searchCountCap?: number;
}

/**
 * THE query of the customers list (visibility, filters, order, count), shared by the paged list and
 * its CSV export so both always select the same customers. The count reads customers alone: the joins
 * never add nor remove a customer. With a text search it is bounded (SEARCH_COUNT_CAP).
 *
 * The page is picked from customers alone, then joined to agents and loans: a search the planner
 * expects to be rare ('nuñez': 20 estimated, 867 found at 100,000 customers) otherwise joins every
 * match to its loan before keeping 10 (3,351 buffers instead of 810). Sorting by balance needs the
 * loans to pick the page, so it joins first.
 */
export function customerListSource(
  db: AppDb,
  actor: CustomerActor,
  query: PagedQuery,
  options: CustomerListOptions = {},
): PaginateOptions<CustomerListRow> {
  const where = and(visibleCustomers(actor), customerFilter(query));
  const searchCap = query.query?.trim() ? (options.searchCountCap ?? SEARCH_COUNT_CAP) : undefined;
  return {
    request: query,
    orderColumns: ORDER_COLUMNS,
    defaultOrderBy: 'num',
    tiebreaker: customers.id,
    rows: (page) =>
      (query.orderBy || 'num') === 'balance'
        ? pageOf(selectCustomers(db).$dynamic(), where, page)
        : selectCustomers(db)
            .where(
              inArray(
                customers.id,
                pageOf(db.select({ id: customers.id }).from(customers).$dynamic(), where, page),
              ),
            )
            .orderBy(...page.orderBy),
    count: () => (searchCap === undefined ? db.$count(customers, where) : countUpTo(db, where, searchCap)),
  };
}

export function listCustomers(
  db: AppDb,
  actor: CustomerActor,
  query: PagedQuery,
  options: CustomerListOptions = {},
): Promise<Paged<CustomerListItem>> {
  return paginateAs(customerListSource(db, actor, query, options), (row) =>
    toCustomerListItem(row.customer, row.agent, toCustomerLoanSummary(row.currentLoan)),
  );
}
