import { type AgentSummary, type AgentsQuery, STAFF_PICKER_SIZE } from '@prestaya/contracts';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { assignsAnyAgent } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { staffSortKey, users } from '../../db/schema/users.ts';
import { matchesTextOrNumber } from '../../db/search.ts';
import type { SessionUser } from '../auth/session-user.ts';

/** Without `query` or `size` the whole list (the reply callers relied on before pickers searched). */
const pickerLimit = ({ query, size }: AgentsQuery) =>
  size ?? (query === undefined ? undefined : STAFF_PICKER_SIZE);

/**
 * The agents a user may assign a customer to, for the staff pickers (docs/product.md §6): an administrator gets
 * every active (status A) ROLE_USER plus themself, by name; an agent only themself, whatever they
 * type. The customers service enforces the same rule on create/update (access/customers.ts).
 *
 * A picker's page is read off users_name_order_idx in order, stopping after `size` matching rows,
 * rather than sorting every staff member for a top-N: the first page (no search) then costs the same at
 * 10 or 1,000 agents. A search still walks the index until it has a page or runs out: a substring
 * match cannot use a btree, and staff are too few for a trigram index to pay for itself.
 */
export async function listAssignableAgents(
  db: AppDb,
  actor: SessionUser,
  search: AgentsQuery = {},
): Promise<AgentSummary[]> {
  if (!assignsAnyAgent(actor)) {
    return [{ id: actor.id, num: actor.num, name: actor.name, lastName: actor.lastName }];
  }
  const assignable = or(
    and(eq(users.status, 'A'), sql`'ROLE_USER' = any(${users.roles})`),
    eq(users.id, actor.id),
  );
  const select = db
    .select({ id: users.id, num: users.num, name: users.name, lastName: users.lastName })
    .from(users)
    .where(
      and(
        assignable,
        search.query ? matchesTextOrNumber([users.name, users.lastName], users.num, search.query) : undefined,
      ),
    )
    .orderBy(asc(staffSortKey(users.name)), asc(staffSortKey(users.lastName)), asc(users.num))
    .$dynamic();
  const limit = pickerLimit(search);
  return limit === undefined ? select : select.limit(limit);
}
