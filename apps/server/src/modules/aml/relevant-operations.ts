import { type AmlQuarterQuery, type AmlRelevantOperations, centsToPesos } from '@prestaya/contracts';
import { addDays, businessDate, type Quarter, quarterDays, zonedInstant } from '@prestaya/domain';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { CSV_ROW_LIMIT } from '../../csv/send.ts';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { cashTallyZone, monthlyFromPayments, monthlyFromTally } from './monthly-cash.ts';
import { readAmlThresholds } from './settings.ts';

const customerColumns = {
  id: customers.id,
  num: customers.num,
  name: customers.name,
  lastName: customers.lastName,
  secondLastName: customers.secondLastName,
  curp: customers.curp,
};

/** The cash that counts: confirmed payments in cash, collected within the quarter (business time). */
function confirmedCashIn(from: Date, until: Date) {
  return and(
    eq(payments.status, 'PAID'),
    eq(payments.paymentMethod, 'CASH'),
    gte(payments.collectedAt, from),
    lt(payments.collectedAt, until),
  );
}

export interface RelevantOperationRow {
  paymentId: string;
  amountCents: number;
  collectedAt: Date;
  loan: { id: string; num: number };
  customer: AmlRelevantOperations['operations'][number]['customer'];
}

export interface MonthlyCashRow {
  customer: AmlRelevantOperations['monthly'][number]['customer'];
  month: string;
  totalCents: number;
  payments: number;
}

export interface RelevantOperationsData {
  from: string;
  to: string;
  singleCashCents: number;
  monthlyCashCents: number;
  operations: RelevantOperationRow[];
  monthly: MonthlyCashRow[];
}

/**
 * 'Operaciones relevantes' of a quarter: each confirmed cash payment reaching the single-operation
 * threshold, and each customer whose confirmed cash of one calendar month (business time) reaches the
 * monthly threshold (packages/domain reachesAmlThreshold: the threshold itself counts). At most
 * CSV_ROW_LIMIT rows of each.
 */
export async function relevantOperationsData(
  db: DbOrTx,
  query: AmlQuarterQuery,
  timeZone: string,
): Promise<RelevantOperationsData> {
  const range = quarterDays(query.year, query.quarter as Quarter);
  const { singleCashCents, monthlyCashCents } = await readAmlThresholds(db);
  const from = zonedInstant(range.from, 0, 0, timeZone);
  const until = zonedInstant(addDays(range.to, 1), 0, 0, timeZone);
  const operations = await db
    .select({
      paymentId: payments.id,
      amountCents: payments.amountCents,
      collectedAt: payments.collectedAt,
      loan: { id: loans.id, num: loans.num },
      customer: customerColumns,
    })
    .from(payments)
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(and(confirmedCashIn(from, until), gte(payments.amountCents, singleCashCents)))
    .orderBy(asc(payments.collectedAt), asc(payments.id))
    .limit(CSV_ROW_LIMIT);
  const monthly = (
    (await cashTallyZone(db)) === timeZone
      ? await monthlyFromTally(db, range, monthlyCashCents)
      : await monthlyFromPayments(db, { from, until, timeZone, monthlyCashCents })
  ).map((row) => ({
    customer: {
      id: row.id,
      num: row.num,
      name: row.name,
      lastName: row.last_name,
      secondLastName: row.second_last_name,
      curp: row.curp,
    },
    month: row.month,
    totalCents: Number(row.total_cents),
    payments: row.payments,
  }));
  return {
    ...range,
    singleCashCents,
    monthlyCashCents,
    operations,
    monthly,
  };
}

/** GET /aml/relevant-operations: the same data, money in pesos. */
export async function relevantOperations(
  db: DbOrTx,
  query: AmlQuarterQuery,
  timeZone: string,
): Promise<AmlRelevantOperations> {
  const data = await relevantOperationsData(db, query, timeZone);
  return {
    from: data.from,
    to: data.to,
    singleCashThreshold: centsToPesos(data.singleCashCents),
    monthlyCashThreshold: centsToPesos(data.monthlyCashCents),
    operations: data.operations.map((row) => ({
      paymentId: row.paymentId,
      loan: row.loan,
      customer: row.customer,
      amount: centsToPesos(row.amountCents),
      collectedOn: businessDate(row.collectedAt, timeZone),
    })),
    monthly: data.monthly.map((row) => ({
      customer: row.customer,
      month: row.month,
      total: centsToPesos(row.totalCents),
      payments: row.payments,
    })),
  };
}
