import type {
  Paged,
  WRITE_OFF_ORDER_COLUMNS,
  WriteOff,
  WriteOffListQuery,
  WriteOffTotals,
} from '@prestaya/contracts';
import { centsToPesos } from '@prestaya/contracts';
import { and, count, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb, DbOrTx } from '../../db/client.ts';
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
import { loanWriteOffs } from '../../db/schema/write-offs.ts';
import { customerSearch } from '../customers/search.ts';
import { requireVisibleLoan } from '../loans/access.ts';
import { loadWriteOff, selectWriteOffs, toWriteOffDto, type WriteOffJoinedRow } from './queries.ts';

/** Sortable columns: exactly WRITE_OFF_ORDER_COLUMNS of the contracts. */
const ORDER_COLUMNS = {
  createdOn: loanWriteOffs.createdOn,
  amountWrittenOff: loanWriteOffs.amountCents,
} satisfies Record<(typeof WRITE_OFF_ORDER_COLUMNS)[number], SQLWrapper>;

/**
 * THE query of 'Cartera castigada' (filters, order, count), shared by the paged list and its CSV
 * export: `query` finds the customer (customers/search.ts) or the loan number, `from`/`to` bound the
 * business day of the write-off. Newest first unless `orderBy`.
 */
export function writeOffListSource(
  db: AppDb,
  query: ListRequest<WriteOffListQuery>,
  timeZone: string,
): PaginateOptions<WriteOffJoinedRow> {
  const search = customerSearch(query.query, loans.num);
  const where: SQL | undefined = and(withinBusinessDays(loanWriteOffs.createdOn, query, timeZone), search);
  return {
    request: newestFirst(query),
    orderColumns: ORDER_COLUMNS,
    defaultOrderBy: 'createdOn',
    tiebreaker: loanWriteOffs.id,
    rows: (page) => pageOf(selectWriteOffs(db).$dynamic(), where, page),
    // Without a search the joins match one row each (NOT NULL foreign keys): the screen's first count
    // reads the write-offs alone instead of probing a loan and a customer per write-off.
    count: (limit) =>
      countRows(
        db,
        search === undefined
          ? db.select(ONE).from(loanWriteOffs).where(where).$dynamic()
          : db
              .select(ONE)
              .from(loanWriteOffs)
              .innerJoin(loans, eq(loans.id, loanWriteOffs.loanId))
              .innerJoin(customers, eq(customers.id, loans.customerId))
              .where(where)
              .$dynamic(),
        limit,
      ),
  };
}

/** GET /write-offs (administrators): 'Cartera castigada'. */
export function listWriteOffs(
  db: AppDb,
  query: ListRequest<WriteOffListQuery>,
  timeZone: string,
): Promise<Paged<WriteOff>> {
  return paginateAs(writeOffListSource(db, query, timeZone), toWriteOffDto);
}

/** GET /write-offs/totals (administrators): every write-off, what it came to and what came back. */
export async function writeOffTotals(db: DbOrTx): Promise<WriteOffTotals> {
  const [row] = await db
    .select({
      loans: count(),
      amountCents: sql<string>`coalesce(sum(${loanWriteOffs.amountCents}), 0)`,
      // Qualified by hand: in a select from one table drizzle writes bare column names, and a bare
      // "loan_id" = "loan_id" inside the subquery compares payments with themselves (every recovery,
      // counted once per write-off, by a scan of all payments).
      recoveredCents: sql<string>`coalesce(sum((select coalesce(sum(recovery.amount_cents), 0) from ${payments} recovery
         where recovery.loan_id = ${loanWriteOffs}.loan_id and recovery.status = 'PAID' and recovery.recovery)), 0)`,
    })
    .from(loanWriteOffs);
  return {
    loans: Number(row?.loans ?? 0),
    amountWrittenOff: centsToPesos(Number(row?.amountCents ?? 0)),
    recovered: centsToPesos(Number(row?.recoveredCents ?? 0)),
  };
}

/** GET /loans/{id}/write-off: the write-off of a loan the actor sees (404 otherwise), null if none. */
export async function getLoanWriteOff(
  db: AppDb,
  actor: CustomerActor,
  loanId: string,
): Promise<WriteOff | null> {
  await requireVisibleLoan(db, actor, loanId);
  return (await loadWriteOff(db, loanId)) ?? null;
}
