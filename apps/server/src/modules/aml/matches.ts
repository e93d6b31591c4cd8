import type { AmlMatch, AmlMatchStatus } from '@prestaya/contracts';
import { amlReportDue, amlReportOverdue } from '@prestaya/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { amlBlockedPersons, amlLists, amlMatches } from '../../db/schema/aml.ts';
import { customers } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/users.ts';

/** How many matches 'Coincidencias' shows at once. */
const MATCHES_SHOWN = 500;

export function selectMatches(db: DbOrTx) {
  return db
    .select({
      match: amlMatches,
      customer: {
        id: customers.id,
        num: customers.num,
        name: customers.name,
        lastName: customers.lastName,
        secondLastName: customers.secondLastName,
        curp: customers.curp,
      },
      person: amlBlockedPersons,
      importName: amlLists.name,
      resolver: { name: users.name, lastName: users.lastName },
    })
    .from(amlMatches)
    .innerJoin(customers, eq(customers.id, amlMatches.customerId))
    .innerJoin(amlBlockedPersons, eq(amlBlockedPersons.id, amlMatches.blockedPersonId))
    .innerJoin(amlLists, eq(amlLists.id, amlBlockedPersons.listId))
    .leftJoin(users, eq(users.id, amlMatches.resolvedBy));
}

type MatchJoinedRow = Awaited<ReturnType<typeof selectMatches>>[number];

export function toMatchDto(row: MatchJoinedRow, now: Date): AmlMatch {
  const { match, person } = row;
  return {
    id: match.id,
    kind: match.kind,
    status: match.status,
    matchedValue: match.matchedValue,
    foundOn: match.foundOn.toISOString(),
    reportDueOn: amlReportDue(match.foundOn).toISOString(),
    overdue: match.status === 'OPEN' && amlReportOverdue(match.foundOn, now),
    customer: row.customer,
    blockedPerson: {
      name: person.name,
      curp: person.curp,
      rfc: person.rfc,
      list: person.list,
      listedOn: person.listedOn,
      importName: row.importName,
    },
    resolution: match.resolution,
    resolvedOn: match.resolvedOn?.toISOString() ?? null,
    resolvedBy: row.resolver,
  };
}

/**
 * GET /aml/matches: open matches oldest first (the first to report heads the list), resolved ones
 * newest first.
 */
export async function listAmlMatches(db: DbOrTx, status: AmlMatchStatus, now: Date): Promise<AmlMatch[]> {
  const order =
    status === 'OPEN'
      ? [asc(amlMatches.foundOn), asc(amlMatches.id)]
      : [desc(amlMatches.resolvedOn), desc(amlMatches.id)];
  const rows = await selectMatches(db)
    .where(eq(amlMatches.status, status))
    .orderBy(...order)
    .limit(MATCHES_SHOWN);
  return rows.map((row) => toMatchDto(row, now));
}
