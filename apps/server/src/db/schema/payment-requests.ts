import { PAYMENT_REQUEST_STATUSES } from '@prestaya/domain';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';
import { loans } from './loans.ts';
import { payments } from './payments.ts';
import { storedFiles } from './stored-files.ts';
import { users } from './users.ts';

/**
 * Public payments registered without a PIN, waiting for the customer's agent (or an administrator) to
 * authorise them from their session (docs/product.md "Pago sin PIN"; the machine is
 * @prestaya/domain payment-request-status.ts). Authorising registers the payment itself (`paymentId`).
 * The transfer proof waits in stored_files (`fileId`).
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: column.id(),
    loanId: column.owner('loan_id', () => loans.id),
    scheduledPaymentIds: jsonb('scheduled_payment_ids').$type<string[]>().notNull(),
    feeIds: jsonb('fee_ids').$type<string[]>().notNull(),
    paymentMethod: text('payment_method', { enum: ['CASH', 'TRANSFER'] }).notNull(),
    /** What the selection came to when it was asked for (the payment recomputes it). */
    amountCents: column.cents('amount_cents').notNull(),
    fileId: uuid('file_id').references(() => storedFiles.id),
    status: text('status', { enum: PAYMENT_REQUEST_STATUSES }).notNull().default('PENDING'),
    createdOn: column.createdOn(),
    authorisedBy: uuid('authorised_by').references(() => users.id),
    authorisedOn: column.instant('authorised_on'),
    paymentId: uuid('payment_id').references(() => payments.id),
  },
  (table) => [index('payment_requests_loan_status_idx').on(table.loanId, table.status)],
);

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
