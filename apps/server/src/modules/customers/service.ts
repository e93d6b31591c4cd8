import {
  type AgentSummary,
  type CUSTOMER_ORDER_COLUMNS,
  CUSTOMER_STATUSES,
  type Customer,
  type CustomerListItem,
  type customerInput,
  type Paged,
  type PagedQuery,
  type z,
} from '@prestaya/contracts';
import { and, asc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { integerCell, nameCell, textCell } from '../../csv/cells.ts';
import type { CsvColumn, CsvExport } from '../../csv/send.ts';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { type PaginateOptions, pageOf, paginateAs } from '../../db/paging.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { addresses, type CustomerRow, customers } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/users.ts';
import { insertAudited, updateAudited } from '../../db/write-audit.ts';
import { type CustomerActor, resolveAgentAssignment } from '../../domain/customers.ts';
import { customerSearchText } from '../../domain/search-text.ts';
import { refuse } from '../../http/refusals.ts';
import { currentLoanSummary } from '../loans/summary.ts';
import { findVisibleCustomer, visibleCustomers } from './access.ts';
import { requireCurpLength } from './input-guards.ts';
import { customerAuditSnapshot, toCustomerDto, toCustomerListItem } from './mapping.ts';
import { customerSearch } from './search.ts';

export type CustomerFields = z.output<typeof customerInput>;

const AUDIT_ENTITY = 'customer';

/**
 * Sortable columns: exactly CUSTOMER_ORDER_COLUMNS of the contracts. `name` sorts by the full name the
 * list shows, ignoring case and accents ('Álvaro' before 'Beto'): `search_text` starts with exactly that
 * normalised full name, and sorting on a plain column costs about a tenth of computing
 * unaccent(lower(…)) for every row (3 ms instead of 20 ms over 10,000 customers on PGlite).
 * `lastName` sorts by both last names then the name, also ignoring case and accents.
 */
const ORDER_COLUMNS = {
  num: customers.num,
  name: customers.searchText,
  lastName: sql`unaccent(lower(concat_ws(' ', ${customers.lastName}, ${customers.secondLastName}, ${customers.name})))`,
  phone: customers.phone,
  createdOn: customers.createdOn,
} satisfies Record<(typeof CUSTOMER_ORDER_COLUMNS)[number], SQLWrapper>;

/** The agent beside a customer: a left join, since `agent_id` is nullable in the table. */
const AGENT_SUMMARY = { id: users.id, num: users.num, name: users.name, lastName: users.lastName };

function selectCustomers(db: DbOrTx) {
  return db
    .select({ customer: customers, agent: AGENT_SUMMARY })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.agentId));
}

/**
 * `query` matches name, last names and phone through `search_text` (normalised by the same pure
 * function that wrote it, so the trigram index serves it); a numeric query also matches `num` exactly.
 * `q` filters by status.
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

interface CustomerListRow {
  customer: CustomerRow;
  agent: AgentSummary | null;
}

/**
 * THE query of the customers list (visibility, filters, order, count), shared by the paged list and
 * its CSV export so both always select the same customers.
 */
function customerListSource(
  db: AppDb,
  actor: CustomerActor,
  query: PagedQuery,
): PaginateOptions<CustomerListRow> {
  const where = and(visibleCustomers(actor), customerFilter(query));
  return {
    request: query,
    orderColumns: ORDER_COLUMNS,
    defaultOrderBy: 'num',
    tiebreaker: customers.id,
    rows: (page) => pageOf(selectCustomers(db).$dynamic(), where, page),
    count: () => db.$count(customers, where),
  };
}

export function listCustomers(
  db: AppDb,
  actor: CustomerActor,
  query: PagedQuery,
): Promise<Paged<CustomerListItem>> {
  return paginateAs(customerListSource(db, actor, query), (row) =>
    toCustomerListItem(row.customer, row.agent),
  );
}

/** A visible customer with its agent, addresses (in creation order) and current loan. */
async function loadCustomer(db: DbOrTx, actor: CustomerActor, id: string): Promise<Customer> {
  const [row] = await selectCustomers(db)
    .where(and(eq(customers.id, id), visibleCustomers(actor)))
    .limit(1);
  if (!row) throw refuse('customer.not_found');
  const addressRows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, id))
    .orderBy(asc(addresses.createdOn), asc(addresses.id));
  return toCustomerDto(
    row.customer,
    row.agent as AgentSummary | null,
    addressRows,
    await currentLoanSummary(db, id),
  );
}

export function getCustomer(db: AppDb, actor: CustomerActor, id: string): Promise<Customer> {
  return loadCustomer(db, actor, id);
}

/**
 * The agent a create/update assigns, checked against the rules of domain/customers.ts; a newly chosen
 * agent must be an existing active user (its row is share-locked so it cannot be cancelled meanwhile).
 */
async function assignedAgent(
  tx: DbOrTx,
  actor: CustomerActor,
  requested: string | null | undefined,
  current?: string | null,
): Promise<string> {
  const assignment = resolveAgentAssignment(actor, requested, current);
  if (!assignment.ok) throw refuse(assignment.refusal);
  if (assignment.mustBeActive) {
    const [agent] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, assignment.agentId), eq(users.status, 'A')))
      .for('share');
    if (!agent) throw refuse('customer.invalid_agent');
  }
  return assignment.agentId;
}

/** The unique index decides, not a pre-check, so two concurrent creations cannot both succeed. */
async function translateDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error, 'customers_curp_unique')) throw refuse('customer.duplicate_curp');
    throw error;
  }
}

/** The columns a create or update writes from the form, `search_text` included. */
function editableColumns(input: CustomerFields) {
  requireCurpLength(input.curp);
  return {
    name: input.name,
    lastName: input.lastName,
    secondLastName: input.secondLastName,
    phone: input.phone,
    curp: input.curp,
    searchText: customerSearchText(input),
  };
}

/** A new customer is always PENDING (spec 4); without an agent it is assigned to the current user (spec 6). */
export async function createCustomer(
  db: AppDb,
  actor: CustomerActor,
  input: CustomerFields,
): Promise<Customer> {
  const columns = editableColumns(input);
  return translateDuplicate(
    db.transaction(async (tx) => {
      const agentId = await assignedAgent(tx, actor, input.agentId);
      const values = { id: uuidv7(), ...columns, status: 'PENDING', agentId };
      const row = await insertAudited(tx, customers, values, {
        actorId: actor.id,
        entity: AUDIT_ENTITY,
        snapshot: customerAuditSnapshot,
      });
      return loadCustomer(tx, actor, row.id);
    }),
  );
}

/**
 * Replaces the form fields. The status is the server's (not taken from the form) and an absent agentId
 * keeps the current agent; only an administrator can give the customer to someone else.
 */
export async function updateCustomer(
  db: AppDb,
  actor: CustomerActor,
  id: string,
  input: CustomerFields,
): Promise<Customer> {
  const columns = editableColumns(input);
  return translateDuplicate(
    db.transaction(async (tx) => {
      const current = await findVisibleCustomer(tx, actor, id, 'update');
      const agentId = await assignedAgent(tx, actor, input.agentId, current.agentId);
      const values = { ...columns, agentId, updatedOn: sql`now()` };
      const row = await updateAudited(tx, customers, eq(customers.id, id), values, {
        actorId: actor.id,
        entity: AUDIT_ENTITY,
        entityId: id,
        before: current,
        snapshot: customerAuditSnapshot,
      });
      if (!row) throw refuse('customer.not_found');
      return loadCustomer(tx, actor, id);
    }),
  );
}

/* ------------------------------------------------------------------------------------------------ */
/* CSV export (GET /customers/export.csv)                                                           */
/* ------------------------------------------------------------------------------------------------ */

/** The columns of the 'Clientes' list screen: No., Nombre (name and both last names), Teléfono. */
const CUSTOMER_CSV_COLUMNS: CsvColumn<CustomerListRow>[] = [
  { header: 'No.', cell: ({ customer }) => integerCell(customer.num) },
  {
    header: 'Nombre',
    cell: ({ customer }) => nameCell(customer.name, customer.lastName, customer.secondLastName),
  },
  { header: 'Teléfono', cell: ({ customer }) => textCell(customer.phone) },
];

/** The customers list as CSV: the same customers, search, filter and order as GET /customers. */
export function customersCsv(
  db: AppDb,
  actor: CustomerActor,
  query: PagedQuery,
  timeZone: string,
): CsvExport<CustomerListRow> {
  return {
    name: 'clientes',
    columns: CUSTOMER_CSV_COLUMNS,
    source: customerListSource(db, actor, query),
    timeZone,
  };
}
