import { PRODUCT_BOUNDS } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';
import { users } from './users.ts';

/**
 * The id of the product migration 0035 creates (the specification's: 'Semanal 12'). Loans written
 * before products existed, and rows written outside the loan service (the benchmark's generator),
 * belong to it through the column default of loans.product_id.
 */
export const DEFAULT_PRODUCT_ID = '01900000-0000-7000-8000-00000000a001';

const b = PRODUCT_BOUNDS;

/**
 * Loan products (docs/architecture.md "Loan products"), kept by administrators on 'Productos'. A loan
 * copies every term when it is requested, so editing a row here never changes a loan. Never deleted:
 * loans reference them; `active` says whether new loans may use one. The CHECKs repeat the contract's
 * bounds, so no writer can store what the form refuses.
 */
export const loanProducts = pgTable(
  'loan_products',
  {
    id: column.id(),
    name: text('name').notNull(),
    termWeeks: integer('term_weeks').notNull(),
    interestBp: integer('interest_bp').notNull(),
    dailyFeeCents: column.cents('daily_fee_cents').notNull(),
    lateFeeCapBp: integer('late_fee_cap_bp').notNull(),
    minAmountCents: column.cents('min_amount_cents').notNull(),
    maxAmountCents: column.cents('max_amount_cents').notNull(),
    renewalThreshold: integer('renewal_threshold').notNull(),
    payoffDiscountBp: integer('payoff_discount_bp').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id),
    createdOn: column.createdOn(),
    updatedOn: column.updatedOn(),
  },
  (table) => [
    // Two products are never told apart by case or spacing alone.
    uniqueIndex('loan_products_name_unique').on(sql`lower(${table.name})`),
    check(
      'loan_products_terms_valid',
      sql`${table.termWeeks} between ${sql.raw(String(b.termWeeks.min))} and ${sql.raw(String(b.termWeeks.max))}
        and ${table.interestBp} between ${sql.raw(String(b.interestBp.min))} and ${sql.raw(String(b.interestBp.max))}
        and ${table.dailyFeeCents} between ${sql.raw(String(b.dailyFeeCents.min))} and ${sql.raw(String(b.dailyFeeCents.max))}
        and ${table.lateFeeCapBp} between ${sql.raw(String(b.lateFeeCapBp.min))} and ${sql.raw(String(b.lateFeeCapBp.max))}
        and ${table.payoffDiscountBp} between ${sql.raw(String(b.payoffDiscountBp.min))} and ${sql.raw(String(b.payoffDiscountBp.max))}`,
    ),
    check(
      'loan_products_amounts_valid',
      sql`${table.minAmountCents} >= ${sql.raw(String(b.amountCents.min))}
        and ${table.maxAmountCents} <= ${sql.raw(String(b.amountCents.max))}
        and ${table.minAmountCents} <= ${table.maxAmountCents}`,
    ),
    check('loan_products_renewal_valid', sql`${table.renewalThreshold} between 1 and ${table.termWeeks}`),
  ],
);

export type LoanProductRow = typeof loanProducts.$inferSelect;
