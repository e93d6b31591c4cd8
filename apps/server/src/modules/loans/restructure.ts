import {
  centsToPesos,
  type RestructurePreview,
  type RestructureResult,
  type Restructuring,
} from '@prestaya/contracts';
import {
  feeTransition,
  installmentTransition,
  planRestructure,
  type RestructureFines,
  type RestructurePlan,
  SCHEDULED_INSTALLMENT_STATUS,
  transition,
} from '@prestaya/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb, AppTx, DbOrTx } from '../../db/client.ts';
import {
  type LoanRestructuringRow,
  type LoanRow,
  loanRestructurings,
  loans,
  type ScheduledPaymentRow,
  scheduledPayments,
} from '../../db/schema/loans.ts';
import { type FeeRow, fees, payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { findVisibleLoan, requireVisibleLoan } from './access.ts';
import { recomputeLoan } from './balance.ts';
import { loanAuditSnapshot } from './mapping.ts';
import { LOAN_AUDIT_ENTITY } from './messages.ts';

/** The fees' audit entity (payments/messages.ts FEE_AUDIT_ENTITY), whose rows the loan's history shows. */
const FEE_AUDIT_ENTITY = 'fee';

import { principalNow } from './principal.ts';
import { loadLoan } from './save.ts';

/*
 * Restructuring ('Reestructurar', administrators; docs/architecture.md "Restructuring"). The plan is
 * @prestaya/domain planRestructure; this file reads the loan's rows, refuses what the rule and the
 * machines refuse, and writes the plan in one transaction with the loan row locked first (the lock
 * order of every writer of a loan's installments and fees):
 * - the unpaid installments become RESTRUCTURED (closed, kept, not owed, not paid);
 * - the pending fines are forgiven (CANCELLED, the restructuring's reason on each) or included
 *   (RESTRUCTURED: their amount is in the new installments);
 * - the new installments are inserted PENDING, numbered after the last one;
 * - a loan_restructurings row keeps who, when, why, the choice and the sums; the loan counts it and
 *   keeps what the portfolio report needs; the loan is recomputed; everything is audited.
 */

export interface RestructureChoice {
  fines: RestructureFines;
  weeks: number;
}

interface Gathered {
  plan: RestructurePlan;
  closing: ScheduledPaymentRow[];
  pendingFees: FeeRow[];
}

/** The loan's rows and the plan, or the refusal: the same for the preview and the restructuring. */
async function gather(
  db: DbOrTx,
  loan: LoanRow,
  choice: RestructureChoice,
  today: string,
): Promise<Gathered> {
  const allowed = transition(loan.status, { kind: 'restructure' });
  if (!allowed.ok) throw refuse(allowed.refusal);
  // A payment awaiting its decision holds installments or fines this would close: decide it first.
  const [validating] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.loanId, loan.id), eq(payments.status, 'VALIDATING')))
    .limit(1);
  if (validating) throw refuse('restructure.payment_validating');

  const installments = await db
    .select()
    .from(scheduledPayments)
    .where(eq(scheduledPayments.loanId, loan.id))
    .orderBy(asc(scheduledPayments.paymentNumber));
  const closing = installments.filter((row) => installmentTransition(row.status, { kind: 'restructure' }).ok);
  const pendingFees = await db
    .select()
    .from(fees)
    .where(and(eq(fees.loanId, loan.id), eq(fees.status, 'PENDING')))
    .orderBy(asc(fees.feeDate));
  const outcome = planRestructure({
    // What an abono already paid of an installment or a fine is not spread again.
    remainingCents: closing.map((row) => row.amountCents - row.paidCents),
    pendingFeesCents: pendingFees.map((fee) => fee.amountCents - fee.paidCents),
    fines: choice.fines,
    weeks: choice.weeks,
    today,
    lastPaymentNumber: installments.reduce((max, row) => Math.max(max, row.paymentNumber), 0),
  });
  if (!outcome.ok) throw refuse(outcome.refusal);
  return { plan: outcome.plan, closing, pendingFees };
}

const plannedDto = (row: {
  paymentNumber: number;
  dueDate: string;
  amountCents: number;
  concept: string;
}) => ({
  paymentNumber: row.paymentNumber,
  dueDate: row.dueDate,
  amount: centsToPesos(row.amountCents),
  concept: row.concept,
});

function toPreview({ plan, closing, pendingFees }: Gathered): RestructurePreview {
  return {
    closedInstallments: closing.map(plannedDto),
    closed: centsToPesos(plan.closedCents),
    pendingFines: pendingFees.length,
    fines: centsToPesos(plan.finesCents),
    condonedFines: centsToPesos(plan.condonedFinesCents),
    includedFines: centsToPesos(plan.includedFinesCents),
    spread: centsToPesos(plan.spreadCents),
    installments: plan.installments.map(plannedDto),
  };
}

/** GET /loans/{id}/restructure-preview (administrators): the plan, nothing written. */
export async function previewRestructure(
  db: AppDb,
  actor: CustomerActor,
  loanId: string,
  choice: RestructureChoice,
  today: string,
): Promise<RestructurePreview> {
  const { loan } = await findVisibleLoan(db, actor, loanId);
  return toPreview(await gather(db, loan, choice, today));
}

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

/** The pending fines forgiven or included, each with its audit row (the loan's history shows them). */
async function closeFees(
  tx: AppTx,
  actorId: string,
  loan: LoanRow,
  pendingFees: FeeRow[],
  request: RestructureChoice & { reason: string },
  sequence: number,
): Promise<void> {
  if (pendingFees.length === 0) return;
  const include = request.fines === 'incluir';
  const ids = pendingFees.map((fee) => fee.id);
  for (const fee of pendingFees) {
    const move = feeTransition(fee.status, include ? { kind: 'include' } : { kind: 'cancel' });
    if (!move.ok) throw refuse(move.refusal);
  }
  const cancelReason = include ? null : `Condonada en la reestructura ${sequence}: ${request.reason}`;
  const changed = include
    ? await tx.update(fees).set({ status: 'RESTRUCTURED' }).where(inArray(fees.id, ids)).returning()
    : await tx
        .update(fees)
        .set({ status: 'CANCELLED', cancelledOn: sql`now()`, cancelledBy: actorId, cancelReason })
        .where(inArray(fees.id, ids))
        .returning();
  for (const fee of changed) {
    const before = pendingFees.find((f) => f.id === fee.id);
    await writeAudit(tx, {
      actorId,
      entity: FEE_AUDIT_ENTITY,
      entityId: fee.id,
      action: include ? 'included_in_restructuring' : 'cancelled',
      before: {
        status: before?.status,
        amount: centsToPesos(fee.amountCents),
        loanId: loan.id,
        loanNum: loan.num,
      },
      after: {
        status: fee.status,
        amount: centsToPesos(fee.amountCents),
        concept: fee.concept,
        cancelReason: fee.cancelReason,
        loanId: loan.id,
        loanNum: loan.num,
      },
    });
  }
}

const toRestructuringDto = (
  row: LoanRestructuringRow & { by: { id: string; name: string; lastName: string } | null },
): Restructuring => ({
  id: row.id,
  sequence: row.sequence,
  createdOn: row.createdOn.toISOString(),
  createdBy: row.by,
  reason: row.reason,
  fines: row.finesIncluded ? 'incluir' : 'condonar',
  weeks: row.weeks,
  closed: centsToPesos(row.closedCents),
  condonedFines: centsToPesos(row.condonedFinesCents),
  includedFines: centsToPesos(row.includedFinesCents),
  spread: centsToPesos(row.spreadCents),
  firstPaymentNumber: row.firstPaymentNumber,
  lastPaymentNumber: row.lastPaymentNumber,
});

async function restructuringsOf(db: DbOrTx, loanId: string): Promise<Restructuring[]> {
  const rows = await db
    .select({
      restructuring: loanRestructurings,
      by: { id: users.id, name: users.name, lastName: users.lastName },
    })
    .from(loanRestructurings)
    .leftJoin(users, eq(users.id, loanRestructurings.createdBy))
    .where(eq(loanRestructurings.loanId, loanId))
    .orderBy(asc(loanRestructurings.sequence));
  return rows.map(({ restructuring, by }) =>
    toRestructuringDto({ ...restructuring, by: by?.id ? by : null }),
  );
}

/** GET /loans/{id}/restructurings: a visible loan's restructurings, oldest first, with who made them. */
export async function listRestructurings(
  db: AppDb,
  actor: CustomerActor,
  loanId: string,
): Promise<Restructuring[]> {
  await requireVisibleLoan(db, actor, loanId);
  return restructuringsOf(db, loanId);
}
