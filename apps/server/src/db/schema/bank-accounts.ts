import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';
import { users } from './users.ts';

/**
 * Cash and bank accounts (docs/architecture.md "Loan lifecycle and the cash ledger"). Money in integer
 * centavos. `balance` is what is available, `real_balance` what is really there; their difference is the sum
 * of reservations of approved loans not yet delivered, so 0 ≤ balance ≤ real_balance always (checked).
 * Every change of either is one row of account_transactions written in the same transaction with the
 * account row locked; the opening balance is itself a DEPOSIT 'Saldo inicial'.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: column.id(),
    name: text('name').notNull(),
    bankName: text('bank_name').notNull(),
    cardNumber: text('card_number'),
    clabe: text('clabe'),
    customerName: text('customer_name').notNull(),
    balanceCents: column.cents('balance_cents').notNull().default(0),
    realBalanceCents: column.cents('real_balance_cents').notNull().default(0),
    createdOn: column.createdOn(),
    updatedOn: column.updatedOn(),
  },
  (table) => [
    check(
      'bank_accounts_balances_valid',
      sql`${table.balanceCents} >= 0 and ${table.realBalanceCents} >= ${table.balanceCents}`,
    ),
  ],
);

export const accountTransactions = pgTable(
  'account_transactions',
  {
    id: column.id(),
    accountId: column.owner('account_id', () => bankAccounts.id),
    createdOn: column.createdOn(),
    operationType: text('operation_type').notNull(),
    amountCents: column.cents('amount_cents').notNull(),
    initialBalanceCents: column.cents('initial_balance_cents').notNull(),
    initialRealBalanceCents: column.cents('initial_real_balance_cents').notNull(),
    endBalanceCents: column.cents('end_balance_cents').notNull(),
    endRealBalanceCents: column.cents('end_real_balance_cents').notNull(),
    reason: text('reason'),
    /** The loan (Reserva, Entrega, Liberación) or payment (Abono) behind the movement; FKs come with those tables. */
    loanId: uuid('loan_id'),
    paymentId: uuid('payment_id'),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (table) => [
    check('account_transactions_amount_positive', sql`${table.amountCents} > 0`),
    check(
      'account_transactions_type_valid',
      sql`${table.operationType} in ('PAYMENT_DEPOSIT', 'WITHDRAWAL', 'VIRTUAL_WITHDRAWAL', 'MANUAL_WITHDRAWAL', 'DEPOSIT', 'RELEASE')`,
    ),
    // An account's ledger newest first (created_on desc, id desc), read backwards off it. Plain
    // ascending columns: `desc()` here is DESC NULLS LAST, which ORDER BY … DESC (NULLS FIRST) does not
    // match, and the planner then sorted every movement of the account.
    index('account_transactions_account_idx').on(table.accountId, table.createdOn, table.id),
    index('account_transactions_loan_idx').on(table.loanId),
    index('account_transactions_payment_idx').on(table.paymentId),
  ],
);

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type AccountTransactionRow = typeof accountTransactions.$inferSelect;
