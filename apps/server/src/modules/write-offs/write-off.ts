import { centsToPesos, type WriteOff } from '@prestaya/contracts';
import { checkWriteOff } from '@prestaya/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { loanWriteOffs } from '../../db/schema/write-offs.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { changeVisibleLoan } from '../loans/access.ts';
import { recomputeLoan } from '../loans/balance.ts';
import { loanAuditSnapshot } from '../loans/mapping.ts';
import { LOAN_AUDIT_ENTITY } from '../loans/messages.ts';
import { principalNow } from '../loans/principal.ts';
import { loadWriteOff } from './queries.ts';
import { readWriteOffSettings } from './settings.ts';

/**
 * POST /loans/{id}/write-off (administrators; the route enforces it): 'Castigar'. One transaction:
 * the loan row locked first (every loan action's lock order; payments, decisions and the accrual lock
 * it too, so none runs meanwhile) and recomputed as of today (modules/loans/balance.ts), the policy read, the rule checked (packages/domain write-off.ts:
 * DELAYED, at least N days past due, no payment in validation), then the loan becomes WRITTEN_OFF and
 * its write-off row is written with what it still owed, its outstanding principal and the reason.
 * Audited on the loan ('written_off', with the reason and the amount), so its history shows it. The
 * loan leaves the portfolio tally and PAR by the triggers on loans (migration report_tallies), and the
 * accrual, which reads only open loans, charges it nothing more.
 */
export async function writeOffLoan(
  db: AppDb,
  actor: CustomerActor,
  loanId: string,
  reason: string,
  today: string,
): Promise<WriteOff> {
  return changeVisibleLoan(db, actor, loanId, async (tx, locked) => {
    // The status as of today first: a loan past due since the last accrual run is DELAYED already.
    await recomputeLoan(tx, locked.id, { today, actorId: actor.id, reason: 'write_off_check' });
    const [loan] = await tx.select().from(loans).where(eq(loans.id, locked.id));
    if (!loan) throw refuse('loan.not_found');
    const { minDaysPastDue } = await readWriteOffSettings(tx);
    const [validating] = await tx
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.loanId, loan.id), eq(payments.status, 'VALIDATING')));
    const check = checkWriteOff({
      status: loan.status,
      oldestUnpaidDueDate: loan.oldestUnpaidDueDate,
      paymentsInValidation: Number(validating?.n ?? 0),
      today,
      minDaysPastDue,
    });
    if (!check.ok) {
      throw check.refusal === 'write_off.not_overdue_enough'
        ? refuse(check.refusal, {
            values: { minDays: String(minDaysPastDue), days: String(check.daysPastDue) },
          })
        : refuse(check.refusal);
    }
    const principalCents = principalNow(loan);
    const [after] = await tx
      .update(loans)
      .set({ status: 'WRITTEN_OFF', updatedOn: sql`now()` })
      .where(eq(loans.id, loan.id))
      .returning();
    if (!after) throw refuse('loan.not_found');
    await tx.insert(loanWriteOffs).values({
      id: uuidv7(),
      loanId: loan.id,
      amountCents: loan.currentBalanceCents,
      principalCents,
      daysPastDue: check.daysPastDue,
      reason,
      writtenOffOn: today,
      writtenOffBy: actor.id,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      entity: LOAN_AUDIT_ENTITY,
      entityId: loan.id,
      action: 'written_off',
      before: loanAuditSnapshot(loan),
      after: {
        ...loanAuditSnapshot(after),
        reason,
        amountWrittenOff: centsToPesos(loan.currentBalanceCents),
        daysPastDue: check.daysPastDue,
      },
    });
    const written = await loadWriteOff(tx, loan.id);
    if (!written) throw new Error('write-off row not read back');
    return written;
  });
}
