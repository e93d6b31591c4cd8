import type { Customer, customerInput, z } from '@prestaya/contracts';
import { customerSearchText } from '@prestaya/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { type CustomerActor, resolveAgentAssignment } from '../../access/customers.ts';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { addresses, customers } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/users.ts';
import { insertAudited, updateAudited } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { toCustomerLoanSummary } from '../loans/summary.ts';
import { findVisibleCustomer, visibleCustomers } from './access.ts';
import { requireCurpLength } from './input-guards.ts';
import { selectCustomers } from './list.ts';
import { customerAuditSnapshot, toCustomerDto } from './mapping.ts';

export type CustomerFields = z.output<typeof customerInput>;

const AUDIT_ENTITY = 'customer';

/** A visible customer with its agent, addresses (in creation order) and current loan. */
async function loadCustomer(db: DbOrTx, actor: CustomerActor, id: string): Promise<Customer> {
  const [row] = await selectCustomers(db)
    .where(and(eq(customers.id, id), visibleCustomers(actor)))
    .limit(1);
  if (!row) throw refuse('customer.not_found');
  const addressRows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, id))
    .orderBy(asc(addresses.createdOn), asc(addresses.id));
  return toCustomerDto(row.customer, row.agent, addressRows, toCustomerLoanSummary(row.currentLoan));
}

export function getCustomer(db: AppDb, actor: CustomerActor, id: string): Promise<Customer> {
  return loadCustomer(db, actor, id);
}

/**
 * The agent a create/update assigns, checked against the rules of access/customers.ts; a newly chosen
 * agent must be an existing active user (its row is share-locked so it cannot be cancelled meanwhile).
 */
async function assignedAgent(
  tx: DbOrTx,
  actor: CustomerActor,
  requested: string | null | undefined,
  current?: string | null,
): Promise<string> {
  const assignment = resolveAgentAssignment(actor, requested, current);
  if (!assignment.ok) throw refuse(assignment.refusal);
  if (assignment.mustBeActive) {
    const [agent] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, assignment.agentId), eq(users.status, 'A')))
      .for('share');
    if (!agent) throw refuse('customer.invalid_agent');
  }
  return assignment.agentId;
}

/** The unique index decides, not a pre-check, so two concurrent creations cannot both succeed. */
async function translateDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error, 'customers_curp_unique')) throw refuse('customer.duplicate_curp');
    throw error;
  }
}

/** The columns a create or update writes from the form, `search_text` included. */
function editableColumns(input: CustomerFields) {
  requireCurpLength(input.curp);
  return {
    name: input.name,
    lastName: input.lastName,
    secondLastName: input.secondLastName,
    phone: input.phone,
    curp: input.curp,
    searchText: customerSearchText(input),
  };
}

/** A new customer is always PENDING (docs/product.md §4); without an agent it is assigned to the current user (docs/product.md §6). */
export async function createCustomer(
  db: AppDb,
  actor: CustomerActor,
  input: CustomerFields,
): Promise<Customer> {
  const columns = editableColumns(input);
  return translateDuplicate(
    db.transaction(async (tx) => {
      const agentId = await assignedAgent(tx, actor, input.agentId);
      const values = { id: uuidv7(), ...columns, status: 'PENDING' as const, agentId };
      const row = await insertAudited(tx, customers, values, {
        actorId: actor.id,
        entity: AUDIT_ENTITY,
        snapshot: customerAuditSnapshot,
      });
      return loadCustomer(tx, actor, row.id);
    }),
  );
}

/**
 * Replaces the form fields. The status is the server's (not taken from the form) and an absent agentId
 * keeps the current agent; only an administrator can give the customer to someone else.
 */
export async function updateCustomer(
  db: AppDb,
  actor: CustomerActor,
  id: string,
  input: CustomerFields,
): Promise<Customer> {
  const columns = editableColumns(input);
  return translateDuplicate(
    db.transaction(async (tx) => {
      const current = await findVisibleCustomer(tx, actor, id, 'update');
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
      return loadCustomer(tx, actor, id);
    }),
  );
}
