import type { Loan, ScheduledPayment } from '@prestaya/contracts';
import { asc, eq } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { scheduledPayments } from '../../db/schema/loans.ts';
import { findVisibleLoan, requireVisibleLoan } from './access.ts';
import { toLoanDto, toScheduledPaymentDto } from './mapping.ts';

export async function getLoan(db: AppDb, actor: CustomerActor, id: string): Promise<Loan> {
  return toLoanDto(await findVisibleLoan(db, actor, id));
}

/** The installments of a visible loan in order (none before delivery). */
export async function listScheduledPayments(
  db: AppDb,
  actor: CustomerActor,
  id: string,
): Promise<ScheduledPayment[]> {
  await requireVisibleLoan(db, actor, id);
  const rows = await db
    .select()
    .from(scheduledPayments)
    .where(eq(scheduledPayments.loanId, id))
    .orderBy(asc(scheduledPayments.paymentNumber));
  return rows.map(toScheduledPaymentDto);
}
