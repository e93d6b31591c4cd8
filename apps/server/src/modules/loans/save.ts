import type { Loan } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppTx, DbOrTx } from '../../db/client.ts';
import { type LoanRow, loans } from '../../db/schema/loans.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { selectLoans } from './access.ts';
import { loanAuditSnapshot, toLoanDto } from './mapping.ts';
import { LOAN_AUDIT_ENTITY } from './messages.ts';

/* How every loan write ends: the row updated, its audit entry, the loan read back as the API shows it. */

export type LoanChanges = PgUpdateSetSource<typeof loans>;

/** The loan with its customer and account, as the API shows it (after a write, inside its transaction). */
export async function loadLoan(db: DbOrTx, id: string): Promise<Loan> {
  const [row] = await selectLoans(db).where(eq(loans.id, id)).limit(1);
  if (!row) throw refuse('loan.not_found');
  return toLoanDto(row);
}

/** Writes the new row and its audit entry (before → after) in the caller's transaction. */
export async function saveLoan(
  tx: AppTx,
  actorId: string,
  before: LoanRow,
  action: string,
  changes: LoanChanges,
): Promise<Loan> {
  const [after] = await tx
    .update(loans)
    .set({ ...changes, updatedOn: sql`now()` })
    .where(eq(loans.id, before.id))
    .returning();
  if (!after) throw refuse('loan.not_found');
  await writeAudit(tx, {
    actorId,
    entity: LOAN_AUDIT_ENTITY,
    entityId: before.id,
    action,
    before: loanAuditSnapshot(before),
    after: loanAuditSnapshot(after),
  });
  return loadLoan(tx, before.id);
}

/** The account behind an approved loan that moved money; its absence would be a broken invariant. */
export function reservedAccountOf(loan: LoanRow): string {
  if (!loan.bankAccountId) throw new Error(`loan ${loan.id} is APPROVED without a bank account`);
  return loan.bankAccountId;
}
