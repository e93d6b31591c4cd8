import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type CustomerActor, seesAllCustomers } from '../../access/customers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type CustomerRow, customers } from '../../db/schema/customers.ts';
import { refuse } from '../../http/refusals.ts';

/**
 * THE access rule for customers, applied by every customer and address query: an administrator sees
 * every customer, an agent only those assigned to them. Anything else is simply not found (404), so an
 * agent cannot even learn that another agent's customer exists.
 */
export function visibleCustomers(actor: CustomerActor): SQL | undefined {
  return seesAllCustomers(actor) ? undefined : eq(customers.agentId, actor.id);
}

/**
 * The same rule for an agent in a prepared statement: the agent's id is the named placeholder (an
 * administrator's statement has no condition at all).
 */
export function visibleToAgentPlaceholder(name: string): SQL {
  return eq(customers.agentId, sql.placeholder(name));
}

/**
 * The customer row if the actor may see it, else 404 'Cliente no encontrado'. Writers pass a row lock:
 * under READ COMMITTED a concurrent reassignment is waited for and the visibility re-checked on the
 * committed row, so an agent cannot change a customer that was just taken from them.
 */
export async function findVisibleCustomer(
  db: DbOrTx,
  actor: CustomerActor,
  id: string,
  lock?: 'update' | 'no key update' | 'share',
): Promise<CustomerRow> {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), visibleCustomers(actor)))
    .limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw refuse('customer.not_found');
  return row;
}
