import type { Customer } from '@prestaya/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import { insertAudited } from '../../db/write-audit.ts';
import { screenCustomer } from '../aml/screening.ts';
import { requireApplicantCurp } from './identity-checks.ts';
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
 * A new customer is always PENDING (docs/product.md §4); without an agent it is assigned to the current
 * user (docs/product.md §6). The applicant must be of age on the business date.
 */
export async function createCustomer(
  db: AppDb,
  actor: CustomerActor,
  input: CustomerFields,
  { today }: OnDay,
): Promise<Customer> {
  const columns = editableColumns(input);
  requireApplicantCurp(columns.curp, today);
  return translateDuplicate(
    db.transaction(async (tx) => {
      const agentId = await assignedAgent(tx, actor, input.agentId);
      const values = { id: uuidv7(), ...columns, status: 'PENDING' as const, agentId };
      const row = await insertAudited(tx, customers, values, {
        actorId: actor.id,
        entity: AUDIT_ENTITY,
        snapshot: customerAuditSnapshot,
      });
      await screenCustomer(tx, actor.id, row.id);
      return loadCustomer(tx, actor, row.id, today);
    }),
  );
}
