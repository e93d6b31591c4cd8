import type { AmlMatch, AmlMatchListQuery, Paged } from '@prestaya/contracts';
import { amlReportDue, amlReportOverdue } from '@prestaya/domain';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  countRows,
  type ListRequest,
  ONE,
  type PaginateOptions,
  pageOf,
  paginateAs,
} from '../../db/paging.ts';
import { amlBlockedPersons, amlLists, amlMatches } from '../../db/schema/aml.ts';
import { customers } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/users.ts';

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
 * THE query of 'Coincidencias', one status at a time: open matches oldest first by found_on (the first
 * to report heads the list), resolved ones newest first by resolved_on; the id breaks ties so pages
 * never overlap. The open pages and every count walk aml_matches_status_found_idx (status, found_on).
 */
export function matchListSource(
  db: DbOrTx,
  query: ListRequest<AmlMatchListQuery>,
): PaginateOptions<MatchJoinedRow> {
  const where = eq(amlMatches.status, query.status);
  const open = query.status === 'OPEN';
  return {
    request: { ...query, order: open ? 'asc' : 'desc' },
    orderColumns: open ? { foundOn: amlMatches.foundOn } : { resolvedOn: amlMatches.resolvedOn },
    defaultOrderBy: open ? 'foundOn' : 'resolvedOn',
    tiebreaker: amlMatches.id,
    // The page's ids come off aml_matches alone, then only those rows are joined: joined before the
    // LIMIT, PostgreSQL would probe a customer for every match of the status before it keeps a page,
    // a cost that grows with the matches rather than with the page (docs/performance-history.md).
    rows: (page) =>
      selectMatches(db)
        .where(
          inArray(
            amlMatches.id,
            pageOf(db.select({ id: amlMatches.id }).from(amlMatches).$dynamic(), where, page),
          ),
        )
        .orderBy(...page.orderBy),
    // The joins match one row each (NOT NULL foreign keys), so the count reads the matches alone: an
    // index-only walk of one status, stopped at the cap.
    count: (limit) => countRows(db, db.select(ONE).from(amlMatches).where(where).$dynamic(), limit),
  };
}

/** GET /aml/matches (administrators): a page of 'Coincidencias'. */
export function listAmlMatches(
  db: DbOrTx,
  query: ListRequest<AmlMatchListQuery>,
  now: Date,
): Promise<Paged<AmlMatch>> {
  return paginateAs(matchListSource(db, query), (row) => toMatchDto(row, now));
}
