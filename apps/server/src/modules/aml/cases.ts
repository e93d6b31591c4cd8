import { type AmlCase, type AmlCaseStatus, centsToPesos } from '@prestaya/contracts';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { type AmlCaseRow, amlCases } from '../../db/schema/aml.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';

export const AML_CASE_AUDIT_ENTITY = 'aml_case';
const CASES_SHOWN = 500;

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

/** GET /aml/cases: newest first, of one status or all. */
export async function listAmlCases(db: DbOrTx, status: AmlCaseStatus | undefined): Promise<AmlCase[]> {
  const rows = await selectCases(db)
    .where(status ? eq(amlCases.status, status) : undefined)
    .orderBy(desc(amlCases.openedOn), desc(amlCases.id))
    .limit(CASES_SHOWN);
  return rows.map(toCaseDto);
}
