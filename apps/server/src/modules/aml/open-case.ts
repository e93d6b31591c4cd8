import type { AmlCase, amlCaseOpen, z } from '@prestaya/contracts';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { amlCases } from '../../db/schema/aml.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { insertAudited } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { AML_CASE_AUDIT_ENTITY, caseSnapshot, loadCase } from './cases.ts';

export type AmlCaseOpenInput = z.output<typeof amlCaseOpen>;

/** The customer a case is about: by number, or the owner of the payment's loan. */
async function subjectOf(db: DbOrTx, input: AmlCaseOpenInput) {
  if (input.paymentId) {
    const [row] = await db
      .select({ customerId: loans.customerId })
      .from(payments)
      .innerJoin(loans, eq(loans.id, payments.loanId))
      .where(eq(payments.id, input.paymentId))
      .limit(1);
    if (!row) throw refuse('aml.payment_not_found');
    return { customerId: row.customerId, paymentId: input.paymentId };
  }
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.num, input.customerNum ?? 0))
    .limit(1);
  if (!row) throw refuse('aml.customer_not_found');
  return { customerId: row.id, paymentId: null };
}

/** POST /aml/cases (administrators): an 'Operación inusual' opened on a customer or a payment, audited. */
export async function openAmlCase(db: AppDb, actorId: string, input: AmlCaseOpenInput): Promise<AmlCase> {
  return db.transaction(async (tx) => {
    const subject = await subjectOf(tx, input);
    const row = await insertAudited(
      tx,
      amlCases,
      { id: uuidv7(), ...subject, description: input.description, openedBy: actorId },
      { actorId, entity: AML_CASE_AUDIT_ENTITY, snapshot: caseSnapshot },
    );
    const opened = await loadCase(tx, row.id);
    if (!opened) throw new Error('aml case not read back');
    return opened;
  });
}
