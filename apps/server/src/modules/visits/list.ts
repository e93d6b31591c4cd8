import { VISIT_HISTORY_LIMIT, type Visit } from '@prestaya/contracts';
import { COLLECTED_PAYMENT_STATUSES, type PromisePayment } from '@prestaya/domain';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { visits } from '../../db/schema/visits.ts';
import { findVisibleCustomer } from '../customers/access.ts';
import { requireVisibleLoan } from '../loans/access.ts';
import { toVisit, type VisitJoinedRow } from './mapping.ts';

/** The day the promises' standing is read on, and its zone. */
export interface VisitDay {
  today: string;
  timeZone: string;
}

/** Visits joined to their loan's number and their agent, newest first. */
export async function selectVisits(db: DbOrTx, where: SQL, limit = VISIT_HISTORY_LIMIT) {
  return (await db
    .select({
      visit: visits,
      loanNum: loans.num,
      agent: { id: users.id, num: users.num, name: users.name, lastName: users.lastName },
    })
    .from(visits)
    .innerJoin(loans, eq(loans.id, visits.loanId))
    .innerJoin(users, eq(users.id, visits.agentId))
    .where(where)
    .orderBy(desc(visits.visitedAt), desc(visits.id))
    .limit(limit)) satisfies VisitJoinedRow[];
}

/**
 * The visits as the API shows them, each promise with its standing (packages/domain promiseOutcome)
 * read on the collected payments of the promises' loans.
 */
export async function toVisits(db: DbOrTx, rows: VisitJoinedRow[], day: VisitDay): Promise<Visit[]> {
  const loanIds = [...new Set(rows.filter((r) => r.visit.promisedDate !== null).map((r) => r.visit.loanId))];
  const byLoan = new Map<string, PromisePayment[]>();
  if (loanIds.length > 0) {
    const paid = await db
      .select({
        loanId: payments.loanId,
        createdOn: payments.createdOn,
        amountCents: payments.amountCents,
        status: payments.status,
      })
      .from(payments)
      .where(and(inArray(payments.loanId, loanIds), inArray(payments.status, COLLECTED_PAYMENT_STATUSES)));
    for (const { loanId, ...payment } of paid) {
      const list = byLoan.get(loanId) ?? [];
      list.push(payment);
      byLoan.set(loanId, list);
    }
  }
  const context = { paymentsOf: (loanId: string) => byLoan.get(loanId) ?? [], ...day };
  return rows.map((row) => toVisit(row, context));
}

/** GET /loans/{id}/visits: the loan's visits, newest first (an agent: their customers' loans, else 404). */
export async function listLoanVisits(
  db: DbOrTx,
  actor: CustomerActor,
  loanId: string,
  day: VisitDay,
): Promise<Visit[]> {
  await requireVisibleLoan(db, actor, loanId);
  return toVisits(db, await selectVisits(db, eq(visits.loanId, loanId)), day);
}

/** GET /customers/{id}/visits: the customer's visits on every loan, newest first (404 when not visible). */
export async function listCustomerVisits(
  db: DbOrTx,
  actor: CustomerActor,
  customerId: string,
  day: VisitDay,
): Promise<Visit[]> {
  await findVisibleCustomer(db, actor, customerId);
  return toVisits(db, await selectVisits(db, eq(visits.customerId, customerId)), day);
}
