import { centsToPesos, type PublicLoanDetail } from '@prestaya/contracts';
import { formatPaymentReference } from '@prestaya/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans, scheduledPayments } from '../../db/schema/loans.ts';
import { fees } from '../../db/schema/payments.ts';
import { refuse } from '../../http/refusals.ts';

/**
 * GET /public/api/v1/loans/{id}: the statement page. Any existing loan (its UUIDv7 link is the proof):
 * a PENDING or APPROVED one shows an empty schedule, a CANCELLED one its status ('Cancelado').
 * Fees: every fee not cancelled, by date; the schedule by number.
 */
export async function loanStatement(db: AppDb, id: string): Promise<PublicLoanDetail> {
  const [row] = await db
    .select({
      loan: {
        id: loans.id,
        num: loans.num,
        amountCents: loans.amountCents,
        totalCents: loans.totalCents,
        currentBalanceCents: loans.currentBalanceCents,
        requestDate: loans.requestDate,
        approvedOn: loans.approvedOn,
        activatedOn: loans.activatedOn,
        status: loans.status,
      },
      customer: {
        name: customers.name,
        lastName: customers.lastName,
        secondLastName: customers.secondLastName,
      },
    })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(eq(loans.id, id))
    .limit(1);
  if (!row) throw refuse('loan.not_found');
  const { loan, customer } = row;
  const feeRows = await db
    .select({
      id: fees.id,
      concept: fees.concept,
      feeDate: fees.feeDate,
      status: fees.status,
      amountCents: fees.amountCents,
      heldCents: fees.heldCents,
    })
    .from(fees)
    .innerJoin(scheduledPayments, eq(scheduledPayments.id, fees.scheduledPaymentId))
    .where(and(eq(fees.loanId, id), ne(fees.status, 'CANCELLED')))
    .orderBy(asc(fees.feeDate), asc(scheduledPayments.paymentNumber));
  const schedule = await db
    .select({
      id: scheduledPayments.id,
      paymentNumber: scheduledPayments.paymentNumber,
      concept: scheduledPayments.concept,
      dueDate: scheduledPayments.dueDate,
      status: scheduledPayments.status,
      amountCents: scheduledPayments.amountCents,
      heldCents: scheduledPayments.heldCents,
    })
    .from(scheduledPayments)
    .where(eq(scheduledPayments.loanId, id))
    .orderBy(asc(scheduledPayments.paymentNumber));
  // What payments awaiting confirmation hold: a whole item, or the part of one an abono reached.
  const inValidationCents = [...feeRows, ...schedule].reduce((sum, item) => sum + item.heldCents, 0);
  return {
    loan: {
      id: loan.id,
      num: loan.num,
      amount: centsToPesos(loan.amountCents),
      totalToRepay: centsToPesos(loan.totalCents),
      currentBalance: centsToPesos(loan.currentBalanceCents),
      inValidation: centsToPesos(inValidationCents),
      balanceAfterValidation: centsToPesos(loan.currentBalanceCents - inValidationCents),
      requestDate: loan.requestDate,
      approvedOn: loan.approvedOn?.toISOString() ?? null,
      activatedOn: loan.activatedOn?.toISOString() ?? null,
      status: loan.status,
      customer,
      paymentReference: formatPaymentReference(loan.num),
    },
    fees: feeRows.map((f) => ({
      id: f.id,
      concept: f.concept,
      feeDate: f.feeDate,
      status: f.status,
      amount: centsToPesos(f.amountCents),
    })),
    schedulePayments: schedule.map((p) => ({
      id: p.id,
      paymentNumber: p.paymentNumber,
      concept: p.concept,
      dueDate: p.dueDate,
      status: p.status,
      amount: centsToPesos(p.amountCents),
    })),
  };
}
