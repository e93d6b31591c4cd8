import type { Customer, customerInput, z } from '@prestaya/contracts';
import { customerSearchText } from '@prestaya/domain';
import { and, asc, eq } from 'drizzle-orm';
import { type CustomerActor, resolveAgentAssignment } from '../../access/customers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { addresses, customers } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/users.ts';
import { refuse } from '../../http/refusals.ts';
import { toCustomerLoanSummary } from '../loans/summary.ts';
import { visibleCustomers } from './access.ts';
import { requireCurpLength } from './input-guards.ts';
import { selectCustomers } from './list.ts';
import { toCustomerDto } from './mapping.ts';

export type CustomerFields = z.output<typeof customerInput>;

/** The business date, for the applicant's age and the reply's CURP facts. */
export interface OnDay {
  today: string;
}

export const AUDIT_ENTITY = 'customer';

/** A visible customer with its agent, addresses (in creation order), current loan and CURP facts on `today`. */
export async function loadCustomer(
  db: DbOrTx,
  actor: CustomerActor,
  id: string,
  today: string,
): Promise<Customer> {
  const [row] = await selectCustomers(db)
    .where(and(eq(customers.id, id), visibleCustomers(actor)))
    .limit(1);
  if (!row) throw refuse('customer.not_found');
  const addressRows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, id))
    .orderBy(asc(addresses.createdOn), asc(addresses.id));
  return toCustomerDto(row.customer, row.agent, addressRows, toCustomerLoanSummary(row.currentLoan), today);
}

/**
 * The agent a create/update assigns, checked against the rules of access/customers.ts; a newly chosen
 * agent must be an existing active user (its row is share-locked so it cannot be cancelled meanwhile).
 */
export async function assignedAgent(
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
export async function translateDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error, 'customers_curp_unique')) throw refuse('customer.duplicate_curp');
    throw error;
  }
}

/** The columns a create or update writes from the form, `search_text` included. */
export function editableColumns(input: CustomerFields) {
  requireCurpLength(input.curp);
  return {
    name: input.name,
    lastName: input.lastName,
    secondLastName: input.secondLastName,
    phone: input.phone,
    curp: input.curp,
    rfc: input.rfc,
    searchText: customerSearchText(input),
  };
}
