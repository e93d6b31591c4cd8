import type { Restructuring } from '@prestaya/contracts';
import { centsToPesos } from '@prestaya/contracts';
import { asc, eq } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { type LoanRestructuringRow, loanRestructurings } from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import { requireVisibleLoan } from './access.ts';

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

/** A loan's restructurings, oldest first, with who made them. */
export async function restructuringsOf(db: DbOrTx, loanId: string): Promise<Restructuring[]> {
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
