import { centsToPesos, type Visit, type VisitSummary } from '@prestaya/contracts';
import { type PromisePayment, promiseOutcome } from '@prestaya/domain';
import type { VisitRow } from '../../db/schema/visits.ts';

/** The audit trail's entity name of a visit. */
export const VISIT_AUDIT_ENTITY = 'visit';

/** A visit as the audit trail keeps it: what was recorded, in the API's units. */
export function visitAuditSnapshot(row: VisitRow, loanNum: number): Record<string, unknown> {
  return {
    loanId: row.loanId,
    loanNum,
    customerId: row.customerId,
    agentId: row.agentId,
    outcome: row.outcome,
    visitedAt: row.visitedAt.toISOString(),
    promisedDate: row.promisedDate,
    promisedAmount: row.promisedAmountCents === null ? null : centsToPesos(row.promisedAmountCents),
    note: row.note,
  };
}

/** A visit row joined to its loan's number and its agent's name. */
export interface VisitJoinedRow {
  visit: VisitRow;
  loanNum: number;
  agent: { id: string; num: number; name: string; lastName: string };
}

/** Where the promise stands is the domain's rule, read on the loan's payments and today's date. */
export interface PromiseContext {
  paymentsOf: (loanId: string) => readonly PromisePayment[];
  today: string;
  timeZone: string;
}

export function toVisit({ visit, loanNum, agent }: VisitJoinedRow, context: PromiseContext): Visit {
  const promise =
    visit.promisedDate !== null && visit.promisedAmountCents !== null
      ? promiseOutcome(
          {
            visitedAt: visit.visitedAt,
            promisedDate: visit.promisedDate,
            promisedAmountCents: visit.promisedAmountCents,
          },
          context.paymentsOf(visit.loanId),
          context.today,
          context.timeZone,
        )
      : null;
  return {
    id: visit.id,
    loan: { id: visit.loanId, num: loanNum },
    customerId: visit.customerId,
    agent,
    outcome: visit.outcome,
    visitedAt: visit.visitedAt.toISOString(),
    promisedDate: visit.promisedDate,
    promisedAmount: visit.promisedAmountCents === null ? null : centsToPesos(visit.promisedAmountCents),
    note: visit.note,
    createdOn: visit.createdOn.toISOString(),
    promise: promise && { outcome: promise.outcome, collected: centsToPesos(promise.collectedCents) },
  };
}

/** What a Cobranza card shows of a visit, from the statement's JSON (snake-free keys). */
export interface VisitJson {
  outcome: VisitSummary['outcome'];
  visitedAt: string;
  promisedDate: string | null;
  promisedAmountCents: number | string | null;
  note: string | null;
}

export function toVisitSummary(json: VisitJson | null): VisitSummary | null {
  if (!json) return null;
  return {
    outcome: json.outcome,
    visitedAt: new Date(json.visitedAt).toISOString(),
    promisedDate: json.promisedDate,
    promisedAmount: json.promisedAmountCents === null ? null : centsToPesos(Number(json.promisedAmountCents)),
    note: json.note,
  };
}
