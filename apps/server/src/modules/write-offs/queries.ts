import { centsToPesos, type WriteOff } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { customerNameColumns } from '../../db/name-columns.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { type LoanWriteOffRow, loanWriteOffs } from '../../db/schema/write-offs.ts';

const writer = alias(users, 'write_off_writer');

/**
 * What the loan's recovery payments (payments.recovery) add up to: confirmed, and in validation. One
 * probe of payments_loan_idx per write-off.
 */
const recoveredCents = (status: 'PAID' | 'VALIDATING') =>
  sql<string>`(select coalesce(sum(${payments.amountCents}), 0) from ${payments}
     where ${payments.loanId} = ${loanWriteOffs.loanId} and ${payments.status} = ${status}
       and ${payments.recovery})`;

/** A write-off with its loan, customer, author and recoveries, as the API shows it. */
export interface WriteOffJoinedRow {
  writeOff: LoanWriteOffRow;
  loan: { id: string; num: number; amountCents: number };
  customer: { id: string; name: string; lastName: string; secondLastName: string | null };
  writer: { num: number; name: string; lastName: string } | null;
  recoveredCents: string;
  recoveryInValidationCents: string;
}

/** SELECT of write-offs joined to what their API shape names (made `$dynamic()` by the caller). */
export function selectWriteOffs(db: DbOrTx) {
  return db
    .select({
      writeOff: loanWriteOffs,
      loan: { id: loans.id, num: loans.num, amountCents: loans.amountCents },
      customer: customerNameColumns,
      writer: { num: writer.num, name: writer.name, lastName: writer.lastName },
      recoveredCents: recoveredCents('PAID'),
      recoveryInValidationCents: recoveredCents('VALIDATING'),
    })
    .from(loanWriteOffs)
    .innerJoin(loans, eq(loans.id, loanWriteOffs.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .leftJoin(writer, eq(writer.id, loanWriteOffs.writtenOffBy));
}

/** The API shape: centavos become pesos here and only here. */
export function toWriteOffDto(row: WriteOffJoinedRow): WriteOff {
  return {
    id: row.writeOff.id,
    loan: { id: row.loan.id, num: row.loan.num, amount: centsToPesos(row.loan.amountCents) },
    customer: row.customer,
    amountWrittenOff: centsToPesos(row.writeOff.amountCents),
    principalWrittenOff: centsToPesos(row.writeOff.principalCents),
    daysPastDue: row.writeOff.daysPastDue,
    reason: row.writeOff.reason,
    writtenOffOn: row.writeOff.writtenOffOn,
    createdOn: row.writeOff.createdOn.toISOString(),
    writtenOffBy: row.writer,
    recovered: centsToPesos(Number(row.recoveredCents)),
    recoveryInValidation: centsToPesos(Number(row.recoveryInValidationCents)),
  };
}

/** The write-off of one loan, or undefined. */
export async function loadWriteOff(db: DbOrTx, loanId: string): Promise<WriteOff | undefined> {
  const [row] = await selectWriteOffs(db).where(eq(loanWriteOffs.loanId, loanId)).limit(1);
  return row ? toWriteOffDto(row) : undefined;
}
