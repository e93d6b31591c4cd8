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
  // Two reads, each off its own small set: the write-offs, and the confirmed recoveries through the
  // partial index payments_recovery_paid_idx. The semi-join keeps the old meaning (a recovery counts
  // only on a loan that has its write-off) at the cost of one hash of the write-offs' loan ids.
  const [[written], [recovered]] = await Promise.all([
    db
      .select({ loans: count(), amountCents: sql<string>`coalesce(sum(${loanWriteOffs.amountCents}), 0)` })
      .from(loanWriteOffs),
    db
      .select({ cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
      .from(payments)
      // Literals and qualified by hand: the partial index's predicate must be provable from the SQL text,
      // and drizzle writes bare column names in a select from one table.
      .where(
        sql`${payments}.recovery and ${payments}.status = 'PAID'
          and exists (select 1 from ${loanWriteOffs} w where w.loan_id = ${payments}.loan_id)`,
      ),
  ]);
  return {
    loans: Number(written?.loans ?? 0),
    amountWrittenOff: centsToPesos(Number(written?.amountCents ?? 0)),
    recovered: centsToPesos(Number(recovered?.cents ?? 0)),
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
