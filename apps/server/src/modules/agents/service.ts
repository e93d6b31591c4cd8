import type { AgentSummary } from '@prestaya/contracts';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { assignsAnyAgent } from '../../domain/customers.ts';
import type { SessionUser } from '../auth/session-user.ts';

/**
 * The agents a user may assign a customer to, for the customer form's dropdown (spec 6): an
 * administrator gets every active (status A) ROLE_USER plus themself, by name; an agent only themself.
 * The customers service enforces the same rule on create/update (domain/customers.ts).
 */
export async function listAssignableAgents(db: AppDb, actor: SessionUser): Promise<AgentSummary[]> {
  if (!assignsAnyAgent(actor)) {
    return [{ id: actor.id, num: actor.num, name: actor.name, lastName: actor.lastName }];
  }
  return db
    .select({ id: users.id, num: users.num, name: users.name, lastName: users.lastName })
    .from(users)
    .where(or(and(eq(users.status, 'A'), sql`'ROLE_USER' = any(${users.roles})`), eq(users.id, actor.id)))
    .orderBy(
      asc(sql`unaccent(lower(${users.name}))`),
      asc(sql`unaccent(lower(${users.lastName}))`),
      asc(users.num),
    );
}
