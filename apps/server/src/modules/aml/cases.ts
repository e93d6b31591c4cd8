import { type AmlCase, type AmlCaseListQuery, centsToPesos, type Paged } from '@prestaya/contracts';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  countRows,
  type ListRequest,
  ONE,
  type PaginateOptions,
  pageOf,
  paginateAs,
} from '../../db/paging.ts';
import { type AmlCaseRow, amlCases } from '../../db/schema/aml.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';

export const AML_CASE_AUDIT_ENTITY = 'aml_case';

const opener = alias(users, 'aml_case_opener');
const closer = alias(users, 'aml_case_closer');

export const caseSnapshot = (row: AmlCaseRow) => ({
  customerId: row.customerId,
  paymentId: row.paymentId,
  status: row.status,
  description: row.description,
  conclusion: row.conclusion,
});

export function selectCases(db: DbOrTx) {
  return db
    .select({
      amlCase: amlCases,
      customer: {
        id: customers.id,
        num: customers.num,
        name: customers.name,
        lastName: customers.lastName,
        secondLastName: customers.secondLastName,
        curp: customers.curp,
      },
      paymentAmountCents: payments.amountCents,
      loanNum: loans.num,
      opener: { name: opener.name, lastName: opener.lastName },
      closer: { name: closer.name, lastName: closer.lastName },
    })
    .from(amlCases)
    .innerJoin(customers, eq(customers.id, amlCases.customerId))
    .leftJoin(payments, eq(payments.id, amlCases.paymentId))
    .leftJoin(loans, eq(loans.id, payments.loanId))
    .leftJoin(opener, eq(opener.id, amlCases.openedBy))
    .leftJoin(closer, eq(closer.id, amlCases.closedBy));
}

type CaseJoinedRow = Awaited<ReturnType<typeof selectCases>>[number];

export function toCaseDto(row: CaseJoinedRow): AmlCase {
  const { amlCase } = row;
  return {
    id: amlCase.id,
    status: amlCase.status,
    customer: row.customer,
    payment:
      amlCase.paymentId && row.paymentAmountCents !== null && row.loanNum !== null
        ? { id: amlCase.paymentId, amount: centsToPesos(row.paymentAmountCents), loanNum: row.loanNum }
        : null,
    description: amlCase.description,
    openedOn: amlCase.openedOn.toISOString(),
    openedBy: row.opener,
    conclusion: amlCase.conclusion,
    closedOn: amlCase.closedOn?.toISOString() ?? null,
    closedBy: row.closer,
  };
}

export async function loadCase(db: DbOrTx, id: string): Promise<AmlCase | undefined> {
  const [row] = await selectCases(db).where(eq(amlCases.id, id)).limit(1);
  return row ? toCaseDto(row) : undefined;
}

/**
 * THE query of 'Casos': newest first by opened_on (aml_cases_opened_idx), the id breaking ties, of one
 * status or all. No index on status: cases are opened by hand, one at a time, so the table stays small
 * and a filtered count reads it whole at worst; unfiltered, the count stops at the cap.
 */
export function caseListSource(
  db: DbOrTx,
  query: ListRequest<AmlCaseListQuery>,
): PaginateOptions<CaseJoinedRow> {
  const where = query.status ? eq(amlCases.status, query.status) : undefined;
  return {
    request: { ...query, order: 'desc' },
    orderColumns: { openedOn: amlCases.openedOn },
    defaultOrderBy: 'openedOn',
    tiebreaker: amlCases.id,
    rows: (page) => pageOf(selectCases(db).$dynamic(), where, page),
    // The customer's join matches one row (NOT NULL foreign key), the others are left joins: the count
    // reads the cases alone.
    count: (limit) => countRows(db, db.select(ONE).from(amlCases).where(where).$dynamic(), limit),
  };
}

/** GET /aml/cases (administrators): a page of 'Casos'. */
export function listAmlCases(db: DbOrTx, query: ListRequest<AmlCaseListQuery>): Promise<Paged<AmlCase>> {
  return paginateAs(caseListSource(db, query), toCaseDto);
}
