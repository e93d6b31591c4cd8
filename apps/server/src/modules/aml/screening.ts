import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { customersHaveRfc } from './rfc-column.ts';

export const AML_MATCH_AUDIT_ENTITY = 'aml_match';

/** Which customers and which blocked persons one screening compares. */
export interface ScreeningScope {
  /** One customer (created or edited), or every customer when undefined. */
  customerId?: string;
  /** The persons of one list import, or of every list when undefined. */
  listId?: string;
}

/**
 * Screens customers against blocked persons in one set-based statement: an exact CURP, an exact RFC
 * (once customers store one) or the same folded full name (customers.aml_folded_name, written by
 * trigger, against aml_blocked_persons.folded_name, both packages/domain foldName). Each new match is
 * OPEN from now and audited in the same statement; a customer, kind and value already matched (open
 * or resolved) is skipped by the unique index, so a match is never duplicated. Returns how many
 * matches it raised.
 */
export async function screenCustomers(
  db: DbOrTx,
  actorId: string | null,
  scope: ScreeningScope,
): Promise<number> {
  const customer = scope.customerId ? sql`and c.id = ${scope.customerId}` : sql``;
  const list = scope.listId ? sql`and b.list_id = ${scope.listId}` : sql``;
  const pair = (kind: string, on: SQL, value: SQL) =>
    sql`select c.id as customer_id, b.id as blocked_person_id, ${kind}::text as kind, ${value} as matched_value
          from aml_blocked_persons b join customers c on ${on}
         where true ${customer} ${list}`;
  const pairs = [
    pair('CURP', sql`c.curp = b.curp`, sql`b.curp`),
    pair('NAME', sql`c.aml_folded_name = b.folded_name and b.folded_name <> ''`, sql`b.folded_name`),
  ];
  if (await customersHaveRfc(db)) pairs.push(pair('RFC', sql`c.rfc = b.rfc`, sql`b.rfc`));
  const result = await db.execute(sql`
    with found as (
      insert into aml_matches (id, customer_id, blocked_person_id, kind, matched_value)
      select gen_random_uuid(), m.customer_id, m.blocked_person_id, m.kind, m.matched_value
        from (${sql.join(pairs, sql` union all `)}) m
      on conflict (customer_id, kind, matched_value) do nothing
      returning id, customer_id, blocked_person_id, kind, matched_value, found_on
    ), audited as (
      insert into audit_log (id, user_id, entity, entity_id, action, after)
      select gen_random_uuid(), ${actorId}::uuid, ${AML_MATCH_AUDIT_ENTITY}, found.id::text, 'created',
             jsonb_build_object('customerId', found.customer_id, 'blockedPersonId', found.blocked_person_id,
                                'kind', found.kind, 'matchedValue', found.matched_value, 'status', 'OPEN')
        from found
      returning 1
    )
    select count(*)::int as raised from audited`);
  return rowsOf<{ raised: number }>(result)[0]?.raised ?? 0;
}

/**
 * Screens one customer after it is created or edited (customers/create-customer.ts,
 * update-customer.ts call it in their transaction): the trigger has already folded its name.
 */
export async function screenCustomer(
  db: DbOrTx,
  actorId: string | null,
  customerId: string,
): Promise<number> {
  return screenCustomers(db, actorId, { customerId });
}
