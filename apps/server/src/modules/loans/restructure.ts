import { centsToPesos, type RestructureResult, type Restructuring } from '@prestaya/contracts';
import { SCHEDULED_INSTALLMENT_STATUS } from '@prestaya/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { loanRestructurings, loans, scheduledPayments } from '../../db/schema/loans.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { findVisibleLoan } from './access.ts';
import { recomputeLoan } from './balance.ts';
import { loanAuditSnapshot } from './mapping.ts';
import { LOAN_AUDIT_ENTITY } from './messages.ts';
import { principalNow } from './principal.ts';
import { closeFees } from './restructure-fees.ts';
import { gather, type RestructureChoice } from './restructure-plan.ts';
import { restructuringsOf } from './restructurings.ts';
import { loadLoan } from './save.ts';

export { previewRestructure, type RestructureChoice } from './restructure-plan.ts';
export { listRestructurings } from './restructurings.ts';

/*
 * Restructuring ('Reestructurar', administrators; docs/architecture.md "Restructuring"). The plan is
 * @prestaya/domain planRestructure; restructure-plan.ts reads the loan's rows and refuses what the rule
 * and the machines refuse; this file writes the plan in one transaction with the loan row locked first
 * (the lock order of every writer of a loan's installments and fees):
 * - the unpaid installments become RESTRUCTURED (closed, kept, not owed, not paid);
 * - the pending fines are forgiven (CANCELLED, the restructuring's reason on each) or included
 *   (RESTRUCTURED: their amount is in the new installments);
 * - the new installments are inserted PENDING, numbered after the last one;
 * - a loan_restructurings row keeps who, when, why, the choice and the sums; the loan counts it and
 *   keeps what the portfolio report needs; the loan is recomputed; everything is audited.
 */

/** POST /loans/{id}/restructure (administrators). */
export async function restructureLoan(
  db: AppDb,
  actor: CustomerActor,
  loanId: string,
  request: RestructureChoice & { reason: string },
  today: string,
): Promise<RestructureResult> {
  return db.transaction(async (tx) => {
    const { loan } = await findVisibleLoan(tx, actor, loanId, true);
    const gathered = await gather(tx, loan, request, today);
    const { plan, closing, pendingFees } = gathered;
    const sequence = loan.restructureCount + 1;
    const principalCents = principalNow(loan);

    await tx
      .update(scheduledPayments)
      .set({ status: 'RESTRUCTURED' })
      .where(
        inArray(
          scheduledPayments.id,
          closing.map((row) => row.id),
        ),
      );

    await closeFees(tx, actor.id, loan, pendingFees, request, sequence);

    await tx.insert(scheduledPayments).values(
      plan.installments.map((installment) => ({
        id: uuidv7(),
        loanId: loan.id,
        paymentNumber: installment.paymentNumber,
        dueDate: installment.dueDate,
        amountCents: installment.amountCents,
        status: SCHEDULED_INSTALLMENT_STATUS,
        concept: installment.concept,
      })),
    );

    const first = plan.installments[0];
    const last = plan.installments.at(-1);
    if (!first || !last) throw new Error('a restructuring plan has at least one installment');
    const [record] = await tx
      .insert(loanRestructurings)
      .values({
        id: uuidv7(),
        loanId: loan.id,
        sequence,
        createdBy: actor.id,
        reason: request.reason,
        finesIncluded: request.fines === 'incluir',
        weeks: plan.installments.length,
        closedCents: plan.closedCents,
        condonedFinesCents: plan.condonedFinesCents,
        includedFinesCents: plan.includedFinesCents,
        spreadCents: plan.spreadCents,
        principalCents,
        firstPaymentNumber: first.paymentNumber,
        lastPaymentNumber: last.paymentNumber,
      })
      .returning();
    if (!record) throw new Error('insert returned no row');

    const [marked] = await tx
      .update(loans)
      .set({
        restructureCount: sequence,
        restructuredOn: sql`now()`,
        restructuredBy: actor.id,
        restructuredPrincipalCents: principalCents,
        restructuredWeeks: plan.installments.length,
        restructuredLastNumber: last.paymentNumber,
        updatedOn: sql`now()`,
      })
      .where(eq(loans.id, loan.id))
      .returning();
    if (!marked) throw refuse('loan.not_found');
    await writeAudit(tx, {
      actorId: actor.id,
      entity: LOAN_AUDIT_ENTITY,
      entityId: loan.id,
      action: 'restructured',
      before: loanAuditSnapshot(loan),
      after: {
        ...loanAuditSnapshot(marked),
        restructureCount: sequence,
        reason: request.reason,
        fines: request.fines,
        weeks: plan.installments.length,
        closed: centsToPesos(plan.closedCents),
        condonedFines: centsToPesos(plan.condonedFinesCents),
        includedFines: centsToPesos(plan.includedFinesCents),
        spread: centsToPesos(plan.spreadCents),
        closedInstallments: closing.map((row) => row.paymentNumber),
        newInstallments: `${first.paymentNumber}–${last.paymentNumber}`,
      },
    });
    await recomputeLoan(tx, loan.id, { today, actorId: actor.id, reason: 'restructured' });
    return {
      loan: await loadLoan(tx, loan.id),
      restructuring: (await restructuringsOf(tx, loan.id)).find((r) => r.id === record.id) as Restructuring,
    };
  });
}
