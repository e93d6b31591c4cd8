import {
  type AgentSummary,
  type CUSTOMER_ORDER_COLUMNS,
  type CustomerListItem,
  type CustomerListQuery,
  LIST_COUNT_CAP,
  type Paged,
} from '@prestaya/contracts';
import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import { uuidArray } from '../../db/arrays.ts';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import {
  countRows,
  type ListRequest,
  ONE,
  type PaginateOptions,
  pageOf,
  paginateAs,
} from '../../db/paging.ts';
import { type CustomerRow, customerStatusOrder, customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import { CURRENT_LOAN_COLUMNS, type CurrentLoanRow, toCustomerLoanSummary } from '../loans/summary.ts';
import { visibleCustomers } from './access.ts';
import { toCustomerListItem } from './mapping.ts';
import { customerSearch, moreNameMatchesThan } from './search.ts';

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

/**
 * Sortable columns: exactly CUSTOMER_ORDER_COLUMNS of the contracts. `name` sorts by the full name the
 * list shows, ignoring case and accents ('Álvaro' before 'Beto'): `search_text` starts with exactly that
 * normalised full name, and customers_name_order_idx holds it in order. `lastName` sorts by both last
 * names then the name, also ignoring case and accents. `status` and `balance` are the current loan's
 * (a customer without one reads 'Sin préstamo' and owes $0.00): customer_status_order_idx holds the
 * status order (the label rank of the current loan's status, joined on the customer's key only for
 * that order), as customers_created_order_idx holds `createdOn`'s. No index holds the balance
 * order (it lives on the loan and changes with every payment and fee), so it reads the customers the
 * filter keeps once, joined on the loan's primary key (docs/performance-history.md "Staff lists");
 * neither does `lastName`'s (unaccent() cannot be indexed).
 * Equal values are ordered by id (paging.ts's tiebreaker), so pages never overlap.
 */
const ORDER_COLUMNS = {
  num: customers.num,
  name: customers.searchText,
  lastName: sql`unaccent(lower(concat_ws(' ', ${customers.lastName}, ${customers.secondLastName}, ${customers.name})))`,
  phone: customers.phone,
  createdOn: customers.createdOn,
  status: customerStatusOrder.rank,
  balance: sql`coalesce(${loans.currentBalanceCents}, 0)`,
} satisfies Record<(typeof CUSTOMER_ORDER_COLUMNS)[number], SQLWrapper>;

/** Each customer's place in the status order (every customer has one: customer_status_order). */
const withStatusOrder = eq(customerStatusOrder.customerId, customers.id);

/** `q` filters by the customer's status. */
function statusFilter(query: CustomerListQuery): SQL | undefined {
  return query.q ? eq(customers.status, query.q) : undefined;
}

export interface CustomerListRow {
  customer: CustomerRow;
  agent: AgentSummary | null;
  currentLoan: CurrentLoanRow | null;
}

/**
 * How many customers a text search counts at most (the list's count cap, lower). Its matches are found
 * through the lossy trigram index and each one is re-checked on its row, so the cost of counting them
 * grows with the business: a common name matches 15,019 of 100,000 customers, a rarer one 867
 * ('nuñez'; 67 of 10,000). Ten pages of results are more than anyone reads before typing more: past
 * this the reply says 'más de 100' (totalCapped) and counting stops there, at 10,000 customers as at
 * 100,000 (docs/performance-history.md "Name search").
 */
export const SEARCH_COUNT_CAP = 100;

export interface CustomerListOptions {
  /** SEARCH_COUNT_CAP unless a test lowers it. */
  searchCountCap?: number;
}

/** The list's count cap, lowered to the search's when the list has a text search. */
function withSearchCap(
  query: ListRequest<CustomerListQuery>,
  options: CustomerListOptions,
): ListRequest<CustomerListQuery> {
  if (!query.query?.trim()) return query;
  const searchCap = options.searchCountCap ?? SEARCH_COUNT_CAP;
  return { ...query, countCap: Math.min(query.countCap ?? LIST_COUNT_CAP, searchCap) };
}

/** What a text search found first: its ids when few, else whether the word starts proved it common. */
interface Matches {
  few: string[] | undefined;
  common: boolean;
}

/**
 * THE query of the customers list (visibility, filters, order, count), shared by the paged list and
 * its CSV export so both always select the same customers. The count reads customers alone: the joins
 * never add nor remove a customer. With a text search it stops sooner (SEARCH_COUNT_CAP).
 *
 * The page is picked from customers alone, then joined to agents and loans: a search the planner
 * expects to be rare ('nuñez': 20 estimated, 867 found at 100,000 customers) otherwise joins every
 * match to its loan before keeping 10 (3,351 buffers instead of 810). Sorting by balance needs the
 * loans to pick the page, so it joins first.
 *
 * A text search first takes its matches' ids, up to the cap + 1, in whatever order is cheapest. No
 * more than the cap (a rare surname, a phone): the page is sorted from those ids alone. Otherwise its
 * matches are dense in any order, and the page walks the order's index, stopping after a page. The
 * plan no longer rests on the planner's guess of how many rows match ('cruz flores': 1,010 expected,
 * 51 found at 100,000 customers; it walked the number index through 21,000 rows, 31 ms). The ids also
 * answer the count. They are taken with `num`, which no index on the search text holds: with `id` alone
 * PostgreSQL read `customers_name_order_idx` alphabetically up to 'maria guadalupe' (8 ms) instead of
 * the table until 101 matches.
 */
export function customerListSource(
  db: AppDb,
  actor: CustomerActor,
  query: ListRequest<CustomerListQuery>,
  options: CustomerListOptions = {},
): PaginateOptions<CustomerListRow> {
  // `query` matches name, last names, phone and CURP through `search_text` (modules/customers/search.ts);
  // a numeric query also matches `num` exactly.
  const shown = and(visibleCustomers(actor), statusFilter(query));
  const search = customerSearch(query.query, customers.num);
  const where = and(shown, search);
  const request = withSearchCap(query, options);
  const cap = request.countCap ?? LIST_COUNT_CAP;
  let searched: Promise<Matches> | undefined;
  /** A search's matching ids when there are at most `cap` of them, else whether its name is common. */
  const matches = () => {
    searched ??= (async (): Promise<Matches> => {
      // An administrator's name search that the word starts prove common needs no trigram read.
      if (!shown && (await moreNameMatchesThan(db, query.query, cap)))
        return { few: undefined, common: true };
      const rows = await db
        .select({ id: customers.id, num: customers.num })
        .from(customers)
        .where(where)
        .limit(cap + 1);
      return { few: rows.length > cap ? undefined : rows.map((row) => row.id), common: false };
    })();
    return searched;
  };
  const byBalance = (query.orderBy || 'num') === 'balance';
  const byStatus = (query.orderBy || 'num') === 'status';
  return {
    request,
    orderColumns: ORDER_COLUMNS,
    defaultOrderBy: 'num',
    tiebreaker: customers.id,
    rows: async (page) => {
      if (byBalance) return pageOf(selectCustomers(db).$dynamic(), where, page);
      const { few, common } = search ? await matches() : { few: undefined, common: false };
      // Who may see them is checked again (an agent's customer may have just moved to another agent);
      // the text is not (a rename in between shows the old match once). A common name is found soon
      // walking the order's index; the planner, guessing it rare, would read the trigram index instead.
      const pick = few
        ? and(sql`${customers.id} = any(${uuidArray(few)}::uuid[])`, shown)
        : common
          ? and(shown, customerSearch(query.query, customers.num, { walkOrder: true }))
          : where;
      const ids = db.select({ id: customers.id }).from(customers);
      if (!byStatus)
        return selectCustomers(db)
          .where(inArray(customers.id, pageOf(ids.$dynamic(), pick, page)))
          .orderBy(...page.orderBy);
      return selectCustomers(db)
        .innerJoin(customerStatusOrder, withStatusOrder)
        .where(
          inArray(
            customers.id,
            pageOf(ids.innerJoin(customerStatusOrder, withStatusOrder).$dynamic(), pick, page),
          ),
        )
        .orderBy(...page.orderBy);
    },
    count: async (limit) => {
      if (search && limit === cap + 1) return (await matches()).few?.length ?? limit;
      return countRows(db, db.select(ONE).from(customers).where(where).$dynamic(), limit);
    },
  };
}

export function listCustomers(
  db: AppDb,
  actor: CustomerActor,
  query: ListRequest<CustomerListQuery>,
  options: CustomerListOptions = {},
): Promise<Paged<CustomerListItem>> {
  return paginateAs(customerListSource(db, actor, query, options), (row) =>
    toCustomerListItem(row.customer, row.agent, toCustomerLoanSummary(row.currentLoan)),
  );
}
