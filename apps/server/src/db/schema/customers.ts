import { CUSTOMER_STATUSES, LOAN_STATUS_LABELS, LOAN_STATUSES, NO_LOAN_LABEL } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';
import { users } from './users.ts';

/** Loan statuses, and no loan (null), in the alphabetical order of their Spanish labels. */
const STATUSES_BY_LABEL: (string | null)[] = [...LOAN_STATUSES, null]
  .map((status) => ({ status, label: status ? LOAN_STATUS_LABELS[status] : NO_LOAN_LABEL }))
  .sort((a, b) => a.label.localeCompare(b.label, 'es', { sensitivity: 'base' }))
  .map(({ status }) => status);

/**
 * The rank of a current loan's status (null: no loan) in STATUSES_BY_LABEL: the 'Clientes' list sorted
 * by it reads A→Z on screen. The database holds the same ranks in the SQL function
 * customer_status_rank, which keeps customer_status_order (below) and which a test compares with this.
 */
export function currentLoanStatusRank(status: string | null): number {
  return STATUSES_BY_LABEL.indexOf(status);
}

/**
 * Borrowers. `search_text` is the normalised (lower case, accents removed) "name lastName
 * secondLastName phone", written by the service from one pure function, so a trigram index can serve
 * the accent-insensitive search (unaccent() itself cannot be indexed: it is not immutable).
 */
export const customers = pgTable(
  'customers',
  {
    id: column.id(),
    num: integer('num').notNull().unique().generatedAlwaysAsIdentity({ startWith: 1 }),
    name: text('name').notNull(),
    lastName: text('last_name').notNull(),
    secondLastName: text('second_last_name'),
    phone: text('phone').notNull(),
    curp: text('curp').notNull().unique(),
    /** The persona física's RFC (13 characters), optional; checked by the contracts' rfcField. */
    rfc: text('rfc'),
    status: text('status', { enum: CUSTOMER_STATUSES }).notNull().default('PENDING'),
    agentId: uuid('agent_id').references(() => users.id),
    searchText: text('search_text').notNull(),
    // The full name (name and both last names) folded for the blocked-persons screening (packages/domain
    // foldName): written only by the trigger customers_aml_folded_name from search_text, so every
    // path that writes a customer (forms, imports, generators) keeps it right (migration 0042).
    amlFoldedName: text('aml_folded_name').notNull().default(''),
    // The loan the customer's status and balance are read from (the CustomerDetails header and the
    // 'Clientes' list, joined on this key): the open one (ACTIVE/DELAYED), else the newest not
    // cancelled; null without one. Written only by the triggers on loans (customers_current_loan_refresh),
    // so every write of a loan, by any code path, keeps it right. Neither the loan's status nor its
    // balance is copied here: a loan falling behind (ACTIVE → DELAYED, some 200,000 customers on an
    // accrual's first run over a million) then writes no customer at all. What the customer keeps is
    // what an open loan's change of status leaves alone: whether the current loan is open (the
    // open-route index's predicate). The list's status order lives in customer_status_order, whose
    // narrow row moves instead.
    currentLoanId: uuid('current_loan_id'),
    currentLoanOpen: boolean('current_loan_open').notNull().default(false),
    // The route order's place of the customer (modules/collections): the first address's (oldest, then
    // id) postal code and colonia folded (unaccent_lower), null without an address. Written only by the
    // triggers on addresses (migration collection_due_tally), whatever code wrote the address.
    routePostalCode: text('route_postal_code'),
    routeColoniaKey: text('route_colonia_key'),
    createdOn: column.createdOn(),
    updatedOn: column.updatedOn(),
  },
  (table) => [
    check('customers_phone_10_digits', sql`${table.phone} ~ '^[0-9]{10}$'`),
    check(
      'customers_curp_18_upper',
      sql`char_length(${table.curp}) = 18 and ${table.curp} = upper(${table.curp})`,
    ),
    check(
      'customers_rfc_13_upper',
      sql`char_length(${table.rfc}) = 13 and ${table.rfc} = upper(${table.rfc})`,
    ),
    index('customers_agent_idx').on(table.agentId),
    index('customers_aml_folded_name_idx').on(table.amlFoldedName),
    index('customers_phone_idx').on(table.phone),
    index('customers_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // The CURP search is a prefix match (modules/customers/search.ts): `curp LIKE 'GOMJ8001%'` needs
    // pattern ordering, which the unique index does not have under a non-C collation.
    index('customers_curp_prefix_idx').on(table.curp.op('text_pattern_ops')),
    // The list's sort by name reads a page off it instead of sorting every customer.
    index('customers_name_order_idx').on(table.searchText, table.id),
    // The list's other orders read a page off an index too (modules/customers/list.ts), in both
    // directions: registration date here, the current loan's status in customer_status_order.
    index('customers_created_order_idx').on(table.createdOn, table.id),
    // 'Cobranza' of the whole business walks the customers with an open loan in route order and stops at
    // its page (collections/whole-business.ts ROUTE_KEYS: the same expressions, compared byte-wise).
    index('customers_open_route_idx')
      .on(
        sql`(${table.routePostalCode} collate "C")`,
        sql`(${table.routeColoniaKey} collate "C")`,
        sql`(unaccent_lower(${table.lastName}) collate "C")`,
        sql`(unaccent_lower(${table.name}) collate "C")`,
      )
      .where(sql`${table.currentLoanOpen}`),
  ],
);

/**
 * Every customer's place in the 'Clientes' list sorted by status: customer_status_rank of their current
 * loan's status, kept by the database (a row added with each customer, its rank moved by the triggers on
 * loans when the current loan's status changes). Its own narrow table so that a status change writes
 * this row and its two index entries, and no customer (see customers.currentLoanId).
 */
export const customerStatusOrder = pgTable(
  'customer_status_order',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    rank: smallint('rank').notNull(),
  },
  (table) => [index('customer_status_order_idx').on(table.rank, table.customerId)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: column.id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    street: text('street').notNull(),
    numExterior: text('num_exterior').notNull(),
    numInterior: text('num_interior'),
    neighborhood: text('neighborhood').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    createdOn: column.createdOn(),
  },
  (table) => [
    check('addresses_postal_code_5_digits', sql`${table.postalCode} ~ '^[0-9]{5}$'`),
    index('addresses_customer_idx').on(table.customerId),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
