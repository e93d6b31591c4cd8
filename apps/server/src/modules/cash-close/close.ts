import { type CashCount, type cashCountClose, centsToPesos, pesosToCents, type z } from '@prestaya/contracts';
import { checkCashCount } from '@prestaya/domain';
import { and, eq, sql, sum } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { CustomerActor } from '../../access/customers.ts';
import type { BusinessClock } from '../../clock.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { ADVISORY_LOCKS } from '../../db/locks.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { cashCounts } from '../../db/schema/cash-counts.ts';
import { payments } from '../../db/schema/payments.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { readClosure } from './closure.ts';
import { confirmPendingCash, requireAccount } from './confirm.ts';
import { registeredOnDay, requireAgent } from './day.ts';
import { agentAuditName, CASH_CLOSE_AUDIT_ENTITY } from './messages.ts';

export type CashCountCloseInput = z.output<typeof cashCountClose>;

/** The day's cash the agent took that the ledger now holds: CASH payments PAID. */
async function confirmedCashCents(tx: AppTx, agentId: string, date: string, timeZone: string) {
  const [row] = await tx
    .select({ cents: sum(payments.amountCents).mapWith(Number) })
    .from(payments)
    .where(
      and(
        registeredOnDay(agentId, date, timeZone),
        eq(payments.paymentMethod, 'CASH'),
        eq(payments.status, 'PAID'),
      ),
    );
  return row?.cents ?? 0;
}

/**
 * POST /cash-close/close (administrators): closes an agent's business day with the cash counted, in ONE
 * transaction:
 *
 * 1. one close per agent and day: a transaction advisory lock on (agent, day) makes concurrent closes
 *    take turns, and the later ones find the row and get 409 (the unique key backs this up);
 * 2. the day's cash still VALIDATING is confirmed into the account exactly as 'Confirmar corte' does
 *    (confirm.ts `confirmPendingCash`: same locks, same order);
 * 3. the expected cash is then the day's CASH payments PAID (those just confirmed and any confirmed
 *    before); a payment registered for that day meanwhile stays VALIDATING, outside the count: a late
 *    arrival (closure.ts);
 * 4. the count is checked (packages/domain cash-count.ts: denominations add up, a note when it
 *    differs); a refusal rolls the confirmations back too;
 * 5. the row and one audit entry, with names, are written.
 *
 * A day that has not begun yet cannot be closed (400).
 */
export async function closeCashDay(
  db: AppDb,
  actor: CustomerActor,
  input: CashCountCloseInput,
  clock: BusinessClock,
): Promise<CashCount> {
  if (input.date > clock.today()) throw refuse('cash_count.future_day');
  return db.transaction(async (tx) => {
    const agent = await requireAgent(tx, input.agentId);
    await tx.execute(
      sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.cashCount}, hashtext(${`${agent.id}:${input.date}`}))`,
    );
    if (await readClosure(tx, agent.id, input.date)) throw refuse('cash_count.already_closed');
    const account = await requireAccount(tx, input.targetAccountId);

    const confirmed = await confirmPendingCash(tx, actor, agent.id, input.date, account.id, clock);
    const expectedCents = await confirmedCashCents(tx, agent.id, input.date, clock.timeZone);
    const countedCents = pesosToCents(input.counted);
    const count = checkCashCount({
      expectedCents,
      countedCents,
      denominations: input.denominations,
      note: input.note,
    });
    if (!count.ok) throw refuse(count.refusal);

    const id = uuidv7();
    // Pieces listed as 0 say nothing: only the denominations present are kept.
    const denominations = input.denominations
      ? Object.fromEntries(Object.entries(input.denominations).filter(([, pieces]) => (pieces ?? 0) > 0))
      : null;
    try {
      await tx.insert(cashCounts).values({
        id,
        agentId: agent.id,
        businessDate: input.date,
        expectedCents,
        countedCents,
        differenceCents: count.differenceCents,
        kind: count.kind,
        denominations,
        note: input.note,
        bankAccountId: account.id,
        confirmedCount: confirmed.paymentIds.length,
        closedBy: actor.id,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'cash_counts_agent_day_unique')) throw refuse('cash_count.already_closed');
      throw error;
    }
    const closer = await requireAgent(tx, actor.id);
    await writeAudit(tx, {
      actorId: actor.id,
      entity: CASH_CLOSE_AUDIT_ENTITY,
      entityId: agent.id,
      action: 'cash_close_closed',
      after: {
        cashCountId: id,
        agentId: agent.id,
        agent: agentAuditName(agent),
        date: input.date,
        expected: centsToPesos(expectedCents),
        counted: centsToPesos(countedCents),
        difference: centsToPesos(count.differenceCents),
        kind: count.kind,
        note: input.note,
        denominations,
        bankAccountId: account.id,
        bankAccount: account.name,
        confirmed: confirmed.paymentIds.length,
        confirmedTotal: centsToPesos(confirmed.totalCents),
        paymentIds: confirmed.paymentIds,
        closedBy: agentAuditName(closer),
      },
    });
    const closure = await readClosure(tx, agent.id, input.date);
    if (!closure) throw new Error('the close just written is not there');
    return closure;
  });
}
