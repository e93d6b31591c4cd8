import { PAYABLE_FEE_STATUSES, remainingCents } from '@prestaya/domain';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { AppTx } from '../../db/client.ts';
import { scheduledPayments } from '../../db/schema/loans.ts';
import { fees } from '../../db/schema/payments.ts';

export type InstallmentRowParts = typeof scheduledPayments.$inferSelect;
export type FeeRowParts = typeof fees.$inferSelect;

/** What remains of an item to pay, as the rules and the lines price it. */
export const remainingOf = <R extends { amountCents: number; paidCents: number; heldCents: number }>(
  row: R,
) => ({
  ...row,
  amountCents: remainingCents(row),
});

/**
 * The locked loan's installments, then its payable fees and the selected ones, locked in that order so
 * a second registration of the same items waits for the first and then finds them taken.
 */
export async function lockPayableRows(
  tx: AppTx,
  loanId: string,
  selectedFeeIds: string[],
): Promise<{ installments: InstallmentRowParts[]; feeRows: FeeRowParts[] }> {
  const installments = await tx
    .select()
    .from(scheduledPayments)
    .where(eq(scheduledPayments.loanId, loanId))
    .orderBy(asc(scheduledPayments.paymentNumber))
    .for('no key update');
  const feeRows = await tx
    .select()
    .from(fees)
    .where(
      and(
        eq(fees.loanId, loanId),
        selectedFeeIds.length > 0
          ? or(inArray(fees.status, PAYABLE_FEE_STATUSES), inArray(fees.id, selectedFeeIds))
          : inArray(fees.status, PAYABLE_FEE_STATUSES),
      ),
    )
    .orderBy(asc(fees.feeDate), asc(fees.id))
    .for('no key update');
  return { installments, feeRows };
}
