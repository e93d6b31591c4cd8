import { centsToPesos, type RestructurePreview } from '@prestaya/contracts';
import {
  installmentTransition,
  planRestructure,
  type RestructureFines,
  type RestructurePlan,
  transition,
} from '@prestaya/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { type LoanRow, type ScheduledPaymentRow, scheduledPayments } from '../../db/schema/loans.ts';
import { type FeeRow, fees, payments } from '../../db/schema/payments.ts';
import { refuse } from '../../http/refusals.ts';
import { findVisibleLoan } from './access.ts';

export interface RestructureChoice {
  fines: RestructureFines;
  weeks: number;
}

export interface Gathered {
  plan: RestructurePlan;
  closing: ScheduledPaymentRow[];
  pendingFees: FeeRow[];
}

/** The loan's rows and the plan, or the refusal: the same for the preview and the restructuring. */
export async function gather(
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
