import { pesosToCents, type Visit, type visitRequest, type z } from '@prestaya/contracts';
import { type CollectedAtLimits, checkVisit, formatCents, isOpenStatus } from '@prestaya/domain';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { type VisitRow, visits } from '../../db/schema/visits.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { findVisibleLoan } from '../loans/access.ts';
import { selectVisits, toVisits, type VisitDay } from './list.ts';
import { VISIT_AUDIT_ENTITY, visitAuditSnapshot } from './mapping.ts';

type VisitInput = z.output<typeof visitRequest>;

export interface RecordVisitInput {
  actor: CustomerActor;
  loanId: string;
  request: VisitInput;
  /** The request's Idempotency-Key, if it sent one: the phone's queue sends the same one on every retry. */
  idempotencyKey: string | undefined;
  now: Date;
  /** config.collectedAtLimits: a visit's moment keeps the bounds of a collection's. */
  limits: CollectedAtLimits;
  day: VisitDay;
}

/** What a visit records, compared when a key comes back: the same visit, or another one under a used key. */
const sameVisit = (row: VisitRow, loanId: string, request: VisitInput) =>
  row.loanId === loanId &&
  row.outcome === request.outcome &&
  row.visitedAt.getTime() === new Date(request.visitedAt).getTime() &&
  row.promisedDate === request.promisedDate &&
  row.promisedAmountCents ===
    (request.promisedAmount === null ? null : pesosToCents(request.promisedAmount)) &&
  row.note === request.note;

/** The visit this agent already recorded under `key`, if any; another visit under it is 422. */
async function replayed(tx: AppTx, input: RecordVisitInput): Promise<VisitRow | undefined> {
  if (input.idempotencyKey === undefined) return undefined;
  const [row] = await tx
    .select()
    .from(visits)
    .where(and(eq(visits.agentId, input.actor.id), eq(visits.idempotencyKey, input.idempotencyKey)))
    .limit(1);
  if (row && !sameVisit(row, input.loanId, input.request)) throw refuse('visit.key_reused');
  return row;
}

/**
 * POST /loans/{id}/visits. In one transaction: a visit already recorded under this agent's key is
 * answered as it was (a retry of the phone's queue, even after the loan was paid off since); else the
 * loan must be visible (an agent: their customer's, else 404) and the visit pass checkVisit on the
 * loan as it is now; the row and its audit entry are written together. Two copies of one request
 * racing meet on the unique (agent, key): the second insert waits for the first, writes nothing and
 * answers with the first's row.
 */
export async function recordVisit(db: AppDb, input: RecordVisitInput): Promise<Visit> {
  const row = await db.transaction(async (tx) => {
    const earlier = await replayed(tx, input);
    if (earlier) return earlier;
    const { loan } = await findVisibleLoan(tx, input.actor, input.loanId);
    const { request } = input;
    const promisedAmountCents = request.promisedAmount === null ? null : pesosToCents(request.promisedAmount);
    const verdict = checkVisit({
      outcome: request.outcome,
      visitedAt: new Date(request.visitedAt),
      now: input.now,
      limits: input.limits,
      timeZone: input.day.timeZone,
      loanOpen: isOpenStatus(loan.status),
      owedCents: loan.currentBalanceCents,
      promisedDate: request.promisedDate,
      promisedAmountCents,
    });
    if (!verdict.ok) {
      if (verdict.refusal === 'visit.promise_over_balance') {
        throw refuse(verdict.refusal, { values: { balance: formatCents(loan.currentBalanceCents) } });
      }
      if (verdict.refusal === 'visit.too_old') {
        throw refuse(verdict.refusal, { values: { days: String(input.limits.maxAgeDays) } });
      }
      throw refuse(verdict.refusal);
    }
    const [inserted] = await tx
      .insert(visits)
      .values({
        id: uuidv7(),
        loanId: loan.id,
        customerId: loan.customerId,
        agentId: input.actor.id,
        outcome: request.outcome,
        visitedAt: new Date(request.visitedAt),
        promisedDate: request.promisedDate,
        promisedAmountCents,
        note: request.note,
        idempotencyKey: input.idempotencyKey ?? null,
      })
      .onConflictDoNothing({ target: [visits.agentId, visits.idempotencyKey] })
      .returning();
    if (!inserted) {
      const first = await replayed(tx, input);
      if (!first) throw new Error('visit key conflict without its row');
      return first;
    }
    await writeAudit(tx, {
      actorId: input.actor.id,
      entity: VISIT_AUDIT_ENTITY,
      entityId: inserted.id,
      action: 'registered',
      after: visitAuditSnapshot(inserted, loan.num),
    });
    return inserted;
  });
  const [joined] = await selectVisits(db, eq(visits.id, row.id), 1);
  if (!joined) throw new Error('recorded visit not found');
  const [visit] = await toVisits(db, [joined], input.day);
  if (!visit) throw new Error('recorded visit not mapped');
  return visit;
}
