import {
  type AgentWeek,
  type CollectionsWeek,
  centsToPesos,
  type collectionsWeekQuery,
  WEEK_AGENTS_PAGE_SIZE,
  type z,
} from '@prestaya/contracts';
import {
  businessDayBounds,
  COLLECTED_PAYMENT_STATUSES,
  collectionRate,
  collectionWeekOf,
  type WeekPayment,
  type WeekVisit,
  weekVisitFigures,
} from '@prestaya/domain';
import { and, asc, count, eq, gte, inArray, lt, lte, or, sql, sum } from 'drizzle-orm';
import { type CustomerActor, seesAllCustomers } from '../../access/customers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { totalPages } from '../../db/paging.ts';
import { cashCounts } from '../../db/schema/cash-counts.ts';
import { installmentDueTally } from '../../db/schema/installment-due-tally.ts';
import { payments } from '../../db/schema/payments.ts';
import { staffSortKey, users } from '../../db/schema/users.ts';
import { visits } from '../../db/schema/visits.ts';
import { refuse } from '../../http/refusals.ts';

type WeekQuery = z.output<typeof collectionsWeekQuery>;

/** The business day the figures are read on (promises' standing) and the business zone. */
export interface WeekClock {
  today: string;
  timeZone: string;
}

type Agent = AgentWeek['agent'];

const agentColumns = { id: users.id, num: users.num, name: users.name, lastName: users.lastName };

/**
 * Whose week: an agent their own (another agent's `agentId` → 403, as in Cobranza); an administrator
 * the agent `agentId` names (unknown → 404) or a page of the active agents (status A, ROLE_USER), by
 * name, off users_name_order_idx: a page costs the same however many agents the business has.
 */
async function agentsOf(
  db: DbOrTx,
  actor: CustomerActor & Agent,
  agentId: string | undefined,
  page: number,
): Promise<{ agents: Agent[]; total: number }> {
  if (!seesAllCustomers(actor)) {
    if (agentId && agentId !== actor.id) throw refuse('collections.other_agent');
    return {
      agents: [{ id: actor.id, num: actor.num, name: actor.name, lastName: actor.lastName }],
      total: 1,
    };
  }
  if (agentId) {
    const agents = await db.select(agentColumns).from(users).where(eq(users.id, agentId)).limit(1);
    if (agents.length === 0) throw refuse('agent.not_found');
    return { agents, total: 1 };
  }
  const active = and(eq(users.status, 'A'), sql`'ROLE_USER' = any(${users.roles})`);
  const [agents, [counted]] = await Promise.all([
    db
      .select(agentColumns)
      .from(users)
      .where(active)
      .orderBy(staffSortKey(users.name), staffSortKey(users.lastName), asc(users.num))
      .limit(WEEK_AGENTS_PAGE_SIZE)
      .offset((page - 1) * WEEK_AGENTS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(active),
  ]);
  return { agents, total: counted?.n ?? 0 };
}

const cents = (column: Parameters<typeof sum>[0]) => sql<number>`coalesce(${sum(column)}, 0)`.mapWith(Number);
/** A tally's figure: the sum of its delta rows. */
const total = cents;

/**
 * Each figure is one grouped statement for every agent asked, bounded by the agents and the week:
 * - installments due: installment_due_tally (migration installment_due_tally: installments not
 *   REJECTED or CANCELLED of delivered loans, per agent of the customer and due date, kept by
 *   triggers) by installment_due_tally_agent_day_idx: the agents × 7 days, folded daily, whatever the
 *   size of their portfolios; collected on them: PAID or VALIDATING installments whole, and the parts
 *   abonos paid or hold of the others (migration week_tally_parts), so the rate reads what was taken;
 * - collected: the payments each agent registered, collected in the week (payments_registered_by_idx);
 * - visits: the agents' visits in the week (visits_agent_idx), then the collected payments of the
 *   visited loans (payments_loan_idx), the figures decided by packages/domain weekVisitFigures;
 * - cash differences: the agents' closes of the week (cash_counts_agent_day_unique).
 */
async function weekFigures(db: DbOrTx, ids: string[], week: { from: string; to: string }, clock: WeekClock) {
  const start = businessDayBounds(week.from, clock.timeZone).start;
  const end = businessDayBounds(week.to, clock.timeZone).end;
  const [due, collected, visited, closes] = await Promise.all([
    db
      .select({
        agentId: installmentDueTally.agentId,
        count: total(installmentDueTally.n),
        cents: total(installmentDueTally.amountCents),
        takenCount: total(installmentDueTally.takenN),
        takenCents: total(installmentDueTally.takenCents),
      })
      .from(installmentDueTally)
      .where(
        and(
          inArray(installmentDueTally.agentId, ids),
          gte(installmentDueTally.dueDate, week.from),
          lte(installmentDueTally.dueDate, week.to),
        ),
      )
      .groupBy(installmentDueTally.agentId),
    db
      .select({ agentId: payments.registeredBy, count: count(), cents: cents(payments.amountCents) })
      .from(payments)
      .where(
        and(
          inArray(payments.registeredBy, ids),
          gte(payments.collectedAt, start),
          lt(payments.collectedAt, end),
          inArray(payments.status, COLLECTED_PAYMENT_STATUSES),
        ),
      )
      .groupBy(payments.registeredBy),
    db
      .select({
        agentId: visits.agentId,
        loanId: visits.loanId,
        outcome: visits.outcome,
        visitedAt: visits.visitedAt,
        promisedDate: visits.promisedDate,
        promisedAmountCents: visits.promisedAmountCents,
      })
      .from(visits)
      .where(and(inArray(visits.agentId, ids), gte(visits.visitedAt, start), lt(visits.visitedAt, end))),
    db
      .select({
        agentId: cashCounts.agentId,
        cents: cents(cashCounts.differenceCents),
        count: sql<number>`count(*) filter (where ${cashCounts.differenceCents} <> 0)`.mapWith(Number),
      })
      .from(cashCounts)
      .where(
        and(
          inArray(cashCounts.agentId, ids),
          gte(cashCounts.businessDate, week.from),
          lte(cashCounts.businessDate, week.to),
        ),
      )
      .groupBy(cashCounts.agentId),
  ]);
  const loanIds = [...new Set(visited.map((v) => v.loanId))];
  const paid: WeekPayment[] =
    loanIds.length === 0
      ? []
      : await db
          .select({
            loanId: payments.loanId,
            amountCents: payments.amountCents,
            status: payments.status,
            createdOn: payments.createdOn,
            collectedAt: payments.collectedAt,
          })
          .from(payments)
          .where(
            and(
              inArray(payments.loanId, loanIds),
              inArray(payments.status, COLLECTED_PAYMENT_STATUSES),
              // Only what the rules can read: a payment collected during the week (a visit without
              // payment), or registered since the week began (a promise counts payments registered
              // from its visit on), not the loans' whole history.
              or(
                and(gte(payments.collectedAt, start), lt(payments.collectedAt, end)),
                gte(payments.createdOn, start),
              ),
            ),
          );
  return { due, collected, visited, closes, paid };
}

/**
 * GET /collections/summary ('Semana' of Cobranza): per agent, the business week (Monday to Sunday)
 * holding `week` (default: today) in figures.
 */
export async function collectionsWeekSummary(
  db: DbOrTx,
  actor: CustomerActor & Agent,
  query: WeekQuery,
  clock: WeekClock,
): Promise<CollectionsWeek> {
  const week = collectionWeekOf(query.week ?? clock.today);
  const { agents, total } = await agentsOf(db, actor, query.agentId, query.page);
  const paging = {
    page: query.page,
    totalAgents: total,
    totalPages: totalPages(total, WEEK_AGENTS_PAGE_SIZE),
  };
  if (agents.length === 0) return { week, agents: [], ...paging };
  const figures = await weekFigures(
    db,
    agents.map((a) => a.id),
    week,
    clock,
  );
  const byAgent = <T extends { agentId: string | null }>(rows: T[]) =>
    new Map(rows.map((r) => [r.agentId, r]));
  // Each agent's visits, and the payments of the loans they visited, grouped once.
  const visitsOf = new Map<string, WeekVisit[]>();
  for (const visit of figures.visited) {
    const list = visitsOf.get(visit.agentId) ?? [];
    list.push(visit);
    visitsOf.set(visit.agentId, list);
  }
  const paymentsOf = new Map<string, WeekPayment[]>();
  for (const payment of figures.paid) {
    const list = paymentsOf.get(payment.loanId) ?? [];
    list.push(payment);
    paymentsOf.set(payment.loanId, list);
  }
  const due = byAgent(figures.due);
  const collected = byAgent(figures.collected);
  const closes = byAgent(figures.closes);
  return {
    week,
    ...paging,
    agents: agents.map((agent): AgentWeek => {
      const d = due.get(agent.id);
      const c = collected.get(agent.id);
      const k = closes.get(agent.id);
      const dueCents = d?.cents ?? 0;
      const takenCents = d?.takenCents ?? 0;
      const visitRows = visitsOf.get(agent.id) ?? [];
      const paid = [...new Set(visitRows.map((v) => v.loanId))].flatMap((id) => paymentsOf.get(id) ?? []);
      const visitFigures = weekVisitFigures(visitRows, paid, clock.today, clock.timeZone);
      return {
        agent,
        installmentsDue: { count: d?.count ?? 0, amount: centsToPesos(dueCents) },
        collectedOnDue: { count: d?.takenCount ?? 0, amount: centsToPesos(takenCents) },
        collected: { count: c?.count ?? 0, amount: centsToPesos(c?.cents ?? 0) },
        collectionRate: collectionRate(dueCents, takenCents),
        visits: visitFigures.visits,
        visitsWithoutPayment: visitFigures.withoutPayment,
        promises: visitFigures.promises,
        cashDifferences: { total: centsToPesos(k?.cents ?? 0), count: k?.count ?? 0 },
      };
    }),
  };
}
