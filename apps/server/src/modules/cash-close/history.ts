import {
  type CashCountHistory,
  type CashCountHistoryItem,
  type cashCountHistoryQuery,
  centsToPesos,
  type z,
} from '@prestaya/contracts';
import { eq, type SQL, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  countRows,
  type ListRequest,
  ONE,
  type PageRequest,
  type PaginateOptions,
  pageOf,
  paginateAs,
} from '../../db/paging.ts';
import { cashCounts } from '../../db/schema/cash-counts.ts';
import { selectClosures, toCashCount } from './closure.ts';
import { requireAgent } from './day.ts';

type HistoryQuery = z.output<typeof cashCountHistoryQuery>;

/**
 * The sum of the differences of this close and every earlier one of the agent (oldest first, by day).
 * A window over the WHERE's rows, computed before the page's ORDER BY and LIMIT: each row's total
 * covers the whole history, not just the page.
 */
const runningDifferenceCents =
  sql<number>`sum(${cashCounts.differenceCents}) over (order by ${cashCounts.businessDate}, ${cashCounts.id})`
    .mapWith(Number)
    .as('running_difference_cents');

async function historyRows(db: DbOrTx, where: SQL, page: Parameters<PaginateOptions<unknown>['rows']>[0]) {
  return pageOf(selectClosures(db, runningDifferenceCents), where, page);
}
export type HistoryRow = Awaited<ReturnType<typeof historyRows>>[number];

/**
 * THE query of an agent's closes, newest day first (the only order), shared by the paged history and
 * its CSV export; the unique (agent_id, business_date) index serves the filter and the order.
 */
export function cashCountHistorySource(
  db: DbOrTx,
  agentId: string,
  request: Pick<PageRequest, 'page' | 'size' | 'countCap'>,
): PaginateOptions<HistoryRow> {
  const where = eq(cashCounts.agentId, agentId);
  return {
    request: { ...request, order: 'desc' },
    orderColumns: { date: cashCounts.businessDate },
    defaultOrderBy: 'date',
    tiebreaker: cashCounts.id,
    rows: (page) => historyRows(db, where, page),
    count: (limit) => countRows(db, db.select(ONE).from(cashCounts).where(where).$dynamic(), limit),
  };
}

export function toHistoryItem(row: HistoryRow): CashCountHistoryItem {
  const { agent: _agent, ...close } = toCashCount(row);
  return { ...close, runningDifference: centsToPesos(row.runningDifferenceCents) };
}

/**
 * GET /cash-close/history?agentId= (administrators): the agent's closes, newest first, each with the
 * running total of differences, and the total of every close. Unknown agent → 404.
 */
export async function listCashCountHistory(
  db: DbOrTx,
  query: ListRequest<HistoryQuery>,
): Promise<CashCountHistory> {
  const agent = await requireAgent(db, query.agentId);
  const page = await paginateAs(cashCountHistorySource(db, agent.id, query), toHistoryItem);
  const [total] = await db
    .select({ cents: sum(cashCounts.differenceCents).mapWith(Number) })
    .from(cashCounts)
    .where(eq(cashCounts.agentId, agent.id));
  return { ...page, agent, totalDifference: centsToPesos(total?.cents ?? 0) };
}
