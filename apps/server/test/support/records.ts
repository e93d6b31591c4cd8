import { sql } from 'drizzle-orm';
import type { TestContext } from './app.ts';
import { rowsOf } from './database.ts';

/** What the tests read straight from the database, to check what a call stored (or did not). */

const query = async (context: TestContext, text: ReturnType<typeof sql>) =>
  rowsOf(await context.database.db.execute(text));

/** The number of rows of `table`. */
export async function countOf(context: TestContext, table: string): Promise<number> {
  const result = await context.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return rowsOf<{ n: number }>(result)[0]?.n ?? -1;
}

/** Everything the customers feature stores, to prove a refused call changed nothing. */
export async function storedCustomerState(context: TestContext) {
  return {
    customers: await query(context, sql`select * from customers order by id`),
    addresses: await query(context, sql`select * from addresses order by id`),
    audit: await query(context, sql`select id from audit_log order by id`),
  };
}

/** Everything a refused loan operation must leave untouched. */
export async function storedLoanState(context: TestContext) {
  return {
    loans: await query(context, sql`select * from loans order by id`),
    accounts: await query(context, sql`select * from bank_accounts order by id`),
    installments: await countOf(context, 'scheduled_payments'),
    transactions: await countOf(context, 'account_transactions'),
    audit: await countOf(context, 'audit_log'),
  };
}

export interface AuditRow {
  user_id: string | null;
  entity: string;
  entity_id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function auditRowsOf(context: TestContext, entityId: string): Promise<AuditRow[]> {
  return rowsOf<AuditRow>(
    await context.database.db.execute(
      sql`select user_id, entity, entity_id, action, before, after from audit_log where entity_id = ${entityId} order by at, id`,
    ),
  );
}

export interface LoanAuditRow {
  user_id: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function loanAuditOf(context: TestContext, loanId: string): Promise<LoanAuditRow[]> {
  return rowsOf<LoanAuditRow>(
    await context.database.db.execute(
      sql`select user_id, action, before, after from audit_log where entity = 'loan' and entity_id = ${loanId} order by at, id`,
    ),
  );
}

export async function feeRows(context: TestContext, loanId?: string) {
  return rowsOf<{
    id: string;
    scheduled_payment_id: string;
    payment_number: number;
    fee_date: string;
    amount_cents: number;
    status: string;
    concept: string;
  }>(
    await context.database.db.execute(sql`
      select f.id, f.scheduled_payment_id, sp.payment_number, to_char(f.fee_date, 'YYYY-MM-DD') as fee_date,
             f.amount_cents::int as amount_cents, f.status, f.concept
        from fees f join scheduled_payments sp on sp.id = f.scheduled_payment_id
       where ${loanId ?? null}::uuid is null or f.loan_id = ${loanId ?? null}::uuid
       order by sp.payment_number, f.fee_date`),
  );
}

/** The PAYMENT_DEPOSIT rows (Abonos) of every account, oldest first. */
export async function abonoRows(context: TestContext) {
  return rowsOf<{ account_id: string; amount_cents: number; reason: string; payment_id: string }>(
    await context.database.db.execute(sql`
      select account_id, amount_cents::int as amount_cents, reason, payment_id
        from account_transactions where operation_type = 'PAYMENT_DEPOSIT' order by created_on`),
  );
}

/** Everything a refused payment registration must leave untouched. */
export async function storedPaymentState(context: TestContext) {
  return {
    ...(await storedLoanState(context)),
    payments: await query(context, sql`select * from payments order by id`),
    items: await query(context, sql`select * from payment_items order by id`),
    installments: await query(context, sql`select id, status from scheduled_payments order by id`),
    fees: await query(context, sql`select id, status from fees order by id`),
  };
}
