import { and, eq, type SQL } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb, AppTx, DbOrTx } from '../../db/client.ts';
import { bankAccountNameColumns, customerNameColumns } from '../../db/name-columns.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { customers } from '../../db/schema/customers.ts';
import { loanProducts } from '../../db/schema/loan-products.ts';
import { type LoanRow, loans } from '../../db/schema/loans.ts';
import { refuse } from '../../http/refusals.ts';
import { visibleCustomers } from '../customers/access.ts';
import type { LoanJoinedRow } from './mapping.ts';

/** The columns a loan's API shape needs: the loan, its customer's, account's and product's names. */
const LOAN_SELECTION = {
  loan: loans,
  customer: customerNameColumns,
  bankAccount: bankAccountNameColumns,
  productName: loanProducts.name,
};

/** SELECT of loans joined to their customer and product (always there) and bank account (once approved). */
export function selectLoans(db: DbOrTx) {
  return db
    .select(LOAN_SELECTION)
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .innerJoin(loanProducts, eq(loanProducts.id, loans.productId))
    .leftJoin(bankAccounts, eq(bankAccounts.id, loans.bankAccountId));
}

/**
 * A loan is visible exactly when its customer is (THE customer access rule, customers/access.ts): an
 * administrator sees every loan, an agent the loans of the customers assigned to them. Queries using it
 * must join `customers`.
 */
export function visibleLoans(actor: CustomerActor): SQL | undefined {
  return visibleCustomers(actor);
}

/**
 * The loan if the actor may see it, else 404 'Préstamo no encontrado' (another agent's loan does not
 * exist for them). `lock` takes `SELECT … FOR UPDATE OF loans`: every state change of a loan holds its
 * row until commit, so two approvals or deliveries of one loan take turns and the second one reads the
 * status the first one committed (under READ COMMITTED the locked row is re-read after the wait).
 */
export async function findVisibleLoan(
  db: DbOrTx,
  actor: CustomerActor,
  id: string,
  lock = false,
): Promise<LoanJoinedRow> {
  const query = selectLoans(db)
    .where(and(eq(loans.id, id), visibleLoans(actor)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: loans }) : await query;
  if (!row) throw refuse('loan.not_found');
  return row;
}

/**
 * A state change of a visible loan: one transaction whose first step locks the loan row, so every loan
 * action takes its locks in the same order (the loan, then any account row).
 */
export function changeVisibleLoan<T>(
  db: AppDb,
  actor: CustomerActor,
  id: string,
  change: (tx: AppTx, loan: LoanRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { loan } = await findVisibleLoan(tx, actor, id, true);
    return change(tx, loan);
  });
}

/**
 * The visibility check alone, for reads that only need to know the actor may see the loan (its
 * installments, fees, payments): the loan id, with the customers join only when the rule reads it.
 * 404 'Préstamo no encontrado' as findVisibleLoan.
 */
export async function requireVisibleLoan(db: DbOrTx, actor: CustomerActor, id: string): Promise<void> {
  const visible = visibleLoans(actor);
  const query = db.select({ id: loans.id }).from(loans).$dynamic();
  const [row] = await (visible ? query.innerJoin(customers, eq(customers.id, loans.customerId)) : query)
    .where(and(eq(loans.id, id), visible))
    .limit(1);
  if (!row) throw refuse('loan.not_found');
}
