import { PAYMENT_METHODS } from '@prestaya/contracts';
import { FEE_STATUSES, PAYMENT_KINDS, PAYMENT_STATUSES } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { sqlLiterals } from '../literals.ts';
import { bankAccounts } from './bank-accounts.ts';
import * as column from './columns.ts';
import { loans, scheduledPayments } from './loans.ts';
import { storedFiles } from './stored-files.ts';
import { users } from './users.ts';

/**
 * Late fees (multas): one row per installment and calendar day past due, created by the daily accrual
 * job. The unique (scheduled_payment_id, fee_date) key makes the job idempotent and safe to run twice
 * or on several servers at once.
 */
export const fees = pgTable(
  'fees',
  {
    id: column.id(),
    loanId: uuid('loan_id').notNull(),
    scheduledPaymentId: uuid('scheduled_payment_id').notNull(),
    feeDate: column.day('fee_date').notNull(),
    concept: text('concept').notNull(),
    amountCents: column.cents('amount_cents').notNull(),
    status: text('status', { enum: FEE_STATUSES }).notNull().default('PENDING'),
    createdOn: column.createdOn(),
    cancelledOn: column.instant('cancelled_on'),
    cancelledBy: uuid('cancelled_by').references(() => users.id),
    /** Why an administrator forgave it (contracts' decisionReason); null unless CANCELLED. */
    cancelReason: text('cancel_reason'),
    /** The part confirmed payments paid of it; all of it once PAID (domain abono.ts). */
    paidCents: column.cents('paid_cents').notNull().default(0),
    /** The part payments in validation hold of it; all that is not paid while VALIDATING. */
    heldCents: column.cents('held_cents').notNull().default(0),
  },
  (table) => [
    unique('fees_installment_day_unique').on(table.scheduledPaymentId, table.feeDate),
    // (scheduled_payment_id, loan_id) is a key of scheduled_payments (scheduled_payments_id_loan_unique):
    // the installment exists AND belongs to the fee's loan, whose own key makes the loan exist. Not a
    // foreignKey: PostgreSQL checks one of those per inserted row (an after-trigger event and a locking
    // query each), a large part of the accrual's insert time at tens of thousands of fees a batch. The
    // statement triggers of migration 0053_fees_installment_key_per_statement enforce the same rule,
    // under the same name, once per statement (deleting, re-keying or truncating installments included).
    check('fees_amount_positive', sql`${table.amountCents} > 0`),
    check('fees_status_valid', sql`${table.status} in (${sqlLiterals(FEE_STATUSES)})`),
    check(
      'fees_parts_valid',
      // Within the amount by the rules (domain abono.ts), which the loan invariant checks.
      sql`${table.paidCents} >= 0 and ${table.heldCents} >= 0`,
    ),
    index('fees_loan_idx').on(table.loanId, table.status),
  ],
);

/** A registered payment: VALIDATING until an administrator confirms it into an account or rejects it. */
export const payments = pgTable(
  'payments',
  {
    id: column.id(),
    loanId: column.owner('loan_id', () => loans.id),
    amountCents: column.cents('amount_cents').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('VALIDATING'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    /** 'STAFF' (back office) or 'PUBLIC' (/consulta, authorised with an agent's PIN). */
    channel: text('channel').notNull().default('STAFF'),
    registeredBy: uuid('registered_by').references(() => users.id),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedOn: column.instant('decided_on'),
    /** Why an administrator rejected it (contracts' decisionReason); null unless REJECTED. */
    rejectionReason: text('rejection_reason'),
    createdOn: column.createdOn(),
    /**
     * When the cash was collected: the phone's `collectedAt` for a collection sent later, else the
     * registration instant (the default, so it equals created_on). The payment's business date: its
     * 'Corte de caja' day and its day in the reports' collections.
     */
    collectedAt: column.instant('collected_at').notNull().defaultNow(),
    /**
     * Registered on a written-off loan (docs/product.md "Castigo"): money recovered from a loss, shown
     * as 'Recuperación' on the loan, the receipt, 'Cartera castigada' and the ledger.
     */
    recovery: boolean('recovery').notNull().default(false),
    /** 'ITEMS': ticked items, whole; 'ABONO': an amount (domain abono.ts); 'PAYOFF': payoff.ts. */
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull().default('ITEMS'),
  },
  (table) => [
    check('payments_amount_positive', sql`${table.amountCents} > 0`),
    check('payments_status_valid', sql`${table.status} in (${sqlLiterals(PAYMENT_STATUSES)})`),
    check('payments_kind_valid', sql`${table.kind} in (${sqlLiterals(PAYMENT_KINDS)})`),
    check('payments_method_valid', sql`${table.paymentMethod} in (${sqlLiterals(PAYMENT_METHODS)})`),
    // 'Pagos Recibidos' of one status, newest first; and sorted by status or amount (any status):
    // each first page read off an index, the id being the list's tiebreaker (modules/payments/list.ts).
    index('payments_status_idx').on(table.status, table.createdOn, table.id),
    index('payments_status_order_idx').on(table.status, table.id),
    index('payments_amount_order_idx').on(table.amountCents, table.id),
    // A loan's payments of one status, by when they were collected: an agent's Dashboard probes it once
    // per loan of their portfolio for the week's confirmed collections and those in validation, and
    // reads only the matching entries (a loan's own list sorts its few payments itself).
    index('payments_loan_idx').on(table.loanId, table.status, table.collectedAt),
    // 'Corte de caja': the payments one agent collected in one business day.
    index('payments_registered_by_idx').on(table.registeredBy, table.collectedAt),
    // 'Pagos Recibidos': newest first, and by date range (`from`/`to`), read off it in order.
    index('payments_created_idx').on(table.createdOn, table.id),
    // 'Cartera castigada' totals: every confirmed recovery, summed off this small index instead of a
    // probe of the loan's payments per write-off.
    index('payments_recovery_paid_idx')
      .on(table.loanId, table.amountCents)
      .where(sql`${table.recovery} and ${table.status} = 'PAID'`),
  ],
);

/** What a payment covers: each line is one installment or one fee, with the amount it had then. */
export const paymentItems = pgTable(
  'payment_items',
  {
    id: column.id(),
    paymentId: column.owner('payment_id', () => payments.id),
    scheduledPaymentId: uuid('scheduled_payment_id').references(() => scheduledPayments.id),
    feeId: uuid('fee_id').references(() => fees.id),
    concept: text('concept').notNull(),
    amountCents: column.cents('amount_cents').notNull(),
    /** What remained of the installment or fee once this line was taken; 0 when it took the rest. */
    remainingAfterCents: column.cents('remaining_after_cents'),
    /**
     * An early payoff's discount on this item (loan_payoffs): waived, not paid in money. The item's part
     * taken by the line is amount + discount.
     */
    discountCents: column.cents('discount_cents').notNull().default(0),
  },
  (table) => [
    check('payment_items_discount_not_negative', sql`${table.discountCents} >= 0`),
    check('payment_items_one_target', sql`(${table.scheduledPaymentId} is null) <> (${table.feeId} is null)`),
    index('payment_items_payment_idx').on(table.paymentId),
    index('payment_items_installment_idx').on(table.scheduledPaymentId),
    index('payment_items_fee_idx').on(table.feeId),
  ],
);

/**
 * Proof images: the bytes are a stored_files row written in the payment's transaction; served only
 * through signed links. `storage_key` names the file under DATA_DIR/uploads of an attachment made by an
 * older installation; it is kept after the import so a restart can recognise (by SHA-256) and remove a
 * file whose import committed but whose removal did not happen (db/import-uploads.ts).
 */
export const paymentAttachments = pgTable(
  'payment_attachments',
  {
    id: column.id(),
    paymentId: column.owner('payment_id', () => payments.id),
    fileId: uuid('file_id')
      .unique()
      .references(() => storedFiles.id),
    storageKey: text('storage_key').unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdOn: column.createdOn(),
  },
  (table) => [
    index('payment_attachments_payment_idx').on(table.paymentId),
    check(
      'payment_attachments_has_bytes',
      sql`${table.fileId} is not null or ${table.storageKey} is not null`,
    ),
  ],
);

export type FeeRow = typeof fees.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentItemRow = typeof paymentItems.$inferSelect;
export type PaymentAttachmentRow = typeof paymentAttachments.$inferSelect;
