import {
  type CashClose,
  type CashClosePayment,
  type CashCloseQuery,
  centsToPesos,
} from '@prestaya/contracts';
import { businessDayBounds, cashCloseTotals } from '@prestaya/domain';
import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { cashCloseScope } from '../../access/cash-close.ts';
import type { CustomerActor } from '../../access/customers.ts';
import type { BusinessClock } from '../../clock.ts';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { refuse } from '../../http/refusals.ts';
import { dayClosure } from './closure.ts';

/** The user whose day it is (any staff member who registers payments); 404 when none has that id. */
export async function requireAgent(db: DbOrTx, agentId: string) {
  const [agent] = await db
    .select({ id: users.id, num: users.num, name: users.name, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, agentId))
    .limit(1);
  if (!agent) throw refuse('agent.not_found');
  return agent;
}

/**
 * The payments `agentId` registered (payments.registered_by: the staff member who took it, or the agent
 * who authorised a borrower's payment with their PIN) that were collected during business day `date`
 * of `timeZone`: a collection a phone sent the next morning belongs to the day its cash was taken
 * (payments.collected_at; payments_registered_by_idx).
 */
export function registeredOnDay(agentId: string, date: string, timeZone: string): SQL | undefined {
  const { start, end } = businessDayBounds(date, timeZone);
  return and(
    eq(payments.registeredBy, agentId),
    gte(payments.collectedAt, start),
    lt(payments.collectedAt, end),
  );
}

/**
 * GET /cash-close: one agent's business day (today unless `date`), every payment they collected that
 * day by the time it was collected (oldest first), and its totals summed here in centavos (@prestaya/domain cash-close.ts). An agent reads
 * their own day only; an administrator names the agent.
 */
export async function getCashClose(
  db: DbOrTx,
  actor: CustomerActor,
  query: CashCloseQuery,
  clock: BusinessClock,
): Promise<CashClose> {
  const scope = cashCloseScope(actor, query.agentId);
  if (!scope.ok) throw refuse(scope.refusal);
  const date = query.date ?? clock.today();
  const agent = await requireAgent(db, scope.agentId);
  const rows = await db
    .select({
      id: payments.id,
      createdOn: payments.createdOn,
      collectedAt: payments.collectedAt,
      amountCents: payments.amountCents,
      status: payments.status,
      paymentMethod: payments.paymentMethod,
      loan: { id: loans.id, num: loans.num },
      customer: { id: customers.id, name: customers.name, lastName: customers.lastName },
    })
    .from(payments)
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(registeredOnDay(agent.id, date, clock.timeZone))
    .orderBy(asc(payments.collectedAt), asc(payments.id));

  const totals = cashCloseTotals(rows);
  return {
    date,
    agent,
    payments: rows.map(
      ({ amountCents, createdOn, collectedAt, ...row }): CashClosePayment => ({
        ...row,
        createdOn: createdOn.toISOString(),
        collectedAt: collectedAt.toISOString(),
        amount: centsToPesos(amountCents),
      }),
    ),
    totals: {
      cash: centsToPesos(totals.cashCents),
      cashPending: centsToPesos(totals.cashPendingCents),
      cashConfirmed: centsToPesos(totals.cashConfirmedCents),
      transfer: centsToPesos(totals.transferCents),
      count: totals.count,
    },
    closure: await dayClosure(db, agent.id, date, rows),
  };
}
