import type { Customer } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { updateAudited } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { screenCustomer } from '../aml/screening.ts';
import { findVisibleCustomer } from './access.ts';
import { requireEditedCurp } from './identity-checks.ts';
import { customerAuditSnapshot } from './mapping.ts';
import {
  AUDIT_ENTITY,
  assignedAgent,
  type CustomerFields,
  editableColumns,
  loadCustomer,
  type OnDay,
  translateDuplicate,
} from './queries.ts';

/**
 * Replaces the form fields. The status is the server's (not taken from the form) and an absent agentId
 * keeps the current agent; only an administrator can give the customer to someone else. A changed CURP
 * is checked as a new customer's; an unchanged one is kept even if it predates the full check.
 */
export async function updateCustomer(
  db: AppDb,
  actor: CustomerActor,
  id: string,
  input: CustomerFields,
  { today }: OnDay,
): Promise<Customer> {
  const columns = editableColumns(input);
  return translateDuplicate(
    db.transaction(async (tx) => {
      // A new agent takes the customer's installments due along (installment_due_tally, by trigger): a
      // payment being written on one of the loans (which locks its loan, then may write the customer)
      // finishes first, in that lock order, so the move carries what it wrote.
      if (input.agentId !== undefined) {
        await tx.select({ id: loans.id }).from(loans).where(eq(loans.customerId, id)).for('no key update');
      }
      const current = await findVisibleCustomer(tx, actor, id, 'update');
      requireEditedCurp(columns.curp, current.curp, today);
      const agentId = await assignedAgent(tx, actor, input.agentId, current.agentId);
      const values = { ...columns, agentId, updatedOn: sql`now()` };
      const row = await updateAudited(tx, customers, eq(customers.id, id), values, {
        actorId: actor.id,
        entity: AUDIT_ENTITY,
        entityId: id,
        before: current,
        snapshot: customerAuditSnapshot,
      });
      if (!row) throw refuse('customer.not_found');
      await screenCustomer(tx, actor.id, id);
      return loadCustomer(tx, actor, id, today);
    }),
  );
}
