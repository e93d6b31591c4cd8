import { randomBytes } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  centsToPesos,
  type Fee,
  PAYMENT_METHOD_LABELS,
  type PAYMENT_ORDER_COLUMNS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type Paged,
  type PagedQuery,
  type PaymentDetails,
  type PaymentListItem,
  type PaymentStatus,
  type PendingPayments,
  type paymentStatusUpdate,
  type z,
} from '@prestaya/contracts';
import { and, asc, count, desc, eq, inArray, like, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { dateTimeCell, integerCell, labelCell, moneyCell, nameCell, textCell } from '../../csv/cells.ts';
import type { CsvColumn, CsvExport } from '../../csv/send.ts';
import type { AppDb, AppTx, DbOrTx } from '../../db/client.ts';
import { type PaginateOptions, paginate } from '../../db/paging.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { customers } from '../../db/schema/customers.ts';
import { type LoanRow, loans, scheduledPayments } from '../../db/schema/loans.ts';
import { fees, paymentAttachments, paymentItems, payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { asNumber, containsPattern } from '../../db/search.ts';
import { writeAudit } from '../../db/write-audit.ts';
import type { CustomerActor } from '../../domain/customers.ts';
import { installmentStatusAfterRejection } from '../../domain/loan-balance.ts';
import { businessDate } from '../../domain/loan-policy.ts';
import {
  checkPaymentSelection,
  PAYABLE_FEE_STATUSES,
  PAYABLE_INSTALLMENT_STATUSES,
} from '../../domain/payment-rules.ts';
import { customerQueryTerm } from '../../domain/search-text.ts';
import { conflict, HttpProblem, invalidField, notFound } from '../../errors.ts';
import { applyAccountMovement } from '../bank-accounts/ledger-service.ts';
import { requireVisibleLoan, visibleLoans } from '../loans/access.ts';
import { recomputeLoan } from '../loans/balance.ts';
import { toScheduledPaymentDto } from '../loans/mapping.ts';
import { LOAN_MESSAGES } from '../loans/messages.ts';
import { signedAttachmentUri } from './attachment-links.ts';
import { type PaymentJoinedRow, paymentAuditSnapshot, toFeeDto, toPaymentListItem } from './mapping.ts';
import { abonoReason, FEE_AUDIT_ENTITY, PAYMENT_AUDIT_ENTITY, PAYMENT_MESSAGES } from './messages.ts';
import type { PaymentRequestInput, StagedProof } from './upload.ts';

export type PaymentStatusUpdateInput = z.output<typeof paymentStatusUpdate>;

/** Today's business date in the configured time zone (app.config.businessTimeZone). */
export const businessDay = (timeZone: string, now: Date = new Date()) => businessDate(now, timeZone);

/* ------------------------------------------------------------------------------------------------ */
/* Reading                                                                                          */
/* ------------------------------------------------------------------------------------------------ */

const PAYMENT_SELECTION = {
  payment: payments,
  loan: { id: loans.id, num: loans.num },
  customer: {
    id: customers.id,
    name: customers.name,
    lastName: customers.lastName,
    secondLastName: customers.secondLastName,
  },
  bankAccount: { id: bankAccounts.id, name: bankAccounts.name },
};

/** Payments joined to their loan, its customer and (once confirmed) the account the money went into. */
function selectPayments(db: DbOrTx) {
  return db
    .select(PAYMENT_SELECTION)
    .from(payments)
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .leftJoin(bankAccounts, eq(bankAccounts.id, payments.bankAccountId));
}

async function loadPayment(db: DbOrTx, id: string): Promise<PaymentJoinedRow> {
  const [row] = await selectPayments(db).where(eq(payments.id, id)).limit(1);
  if (!row) throw notFound(PAYMENT_MESSAGES.notFound);
  return row;
}

/**
 * GET /loans/{id}/pending-payments: what can be paid now — the installments PENDING or DELAYED by
 * number, the fees PENDING by date, and `total` = all of them (the form always includes every pending
 * fee; spec 5 "Payment totals").
 */
export async function pendingPayments(
  db: AppDb,
  actor: CustomerActor,
  loanId: string,
): Promise<PendingPayments> {
  // In parallel: a loan the actor may not see is a 404 all the same, its rows are never used.
  const [, pending] = await Promise.all([requireVisibleLoan(db, actor, loanId), payableItems(db, loanId)]);
  return pending;
}

/**
 * The pending payments of a loan the caller has already proven (the staff route's visibility check
 * above; the public lookup's number + phone): two prepared reads, no other check.
 */
export async function payableItems(db: AppDb, loanId: string): Promise<PendingPayments> {
  const [installments, pendingFees] = await Promise.all([
    payableInstallmentsQuery(db).execute({ loanId }),
    payableFeesQuery(db).execute({ loanId }),
  ]);
  const totalCents =
    installments.reduce((sum, row) => sum + row.amountCents, 0) +
    pendingFees.reduce((sum, row) => sum + row.fee.amountCents, 0);
  return {
    scheduledPayments: installments.map(toScheduledPaymentDto),
    fees: pendingFees.map((row) => toFeeDto(row.fee)),
    total: centsToPesos(totalCents),
  };
}

/** Pending payments' two reads, prepared: staff payment forms and every public lookup run them. */
const payableInstallmentsQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(scheduledPayments)
    .where(
      and(
        eq(scheduledPayments.loanId, sql.placeholder('loanId')),
        inArray(scheduledPayments.status, [...PAYABLE_INSTALLMENT_STATUSES]),
      ),
    )
    .orderBy(asc(scheduledPayments.paymentNumber))
    .prepare('payable_installments'),
);
const payableFeesQuery = preparedPerDatabase((db) =>
  feesQuery(db, sql.placeholder('loanId'), inArray(fees.status, [...PAYABLE_FEE_STATUSES])).prepare(
    'payable_fees',
  ),
);

/** A loan's fees by date, then installment number (rows of `{ fee }`). */
function feesQuery(db: DbOrTx, loanId: string | ReturnType<typeof sql.placeholder>, where?: SQL) {
  return db
    .select({ fee: fees })
    .from(fees)
    .innerJoin(scheduledPayments, eq(scheduledPayments.id, fees.scheduledPaymentId))
    .where(and(eq(fees.loanId, loanId), where))
    .orderBy(asc(fees.feeDate), asc(scheduledPayments.paymentNumber));
}

/** A loan's fees by date, then installment number. */
function feesOf(db: DbOrTx, loanId: string, where?: SQL) {
  return feesQuery(db, loanId, where).then((rows) => rows.map((row) => row.fee));
}

/** GET /loans/{id}/fees: every fee of a visible loan (the 'Multas' dialog), oldest first. */
export async function listLoanFees(db: AppDb, actor: CustomerActor, loanId: string): Promise<Fee[]> {
  await requireVisibleLoan(db, actor, loanId);
  return (await feesOf(db, loanId)).map(toFeeDto);
}

/** GET /loans/{id}/payments: the payments of a visible loan ('Lista de Pagos'), newest first. */
export async function listLoanPayments(
  db: AppDb,
  actor: CustomerActor,
  loanId: string,
): Promise<PaymentListItem[]> {
  await requireVisibleLoan(db, actor, loanId);
  const rows = await selectPayments(db)
    .where(eq(payments.loanId, loanId))
    .orderBy(desc(payments.createdOn), desc(payments.id));
  return rows.map(toPaymentListItem);
}

/** Sortable columns: exactly PAYMENT_ORDER_COLUMNS of the contracts. */
const ORDER_COLUMNS = {
  createdOn: payments.createdOn,
  amount: payments.amountCents,
  status: payments.status,
} satisfies Record<(typeof PAYMENT_ORDER_COLUMNS)[number], SQLWrapper>;

/**
 * GET /payments (administrators): 'Pagos Recibidos'. `q` filters by status (PAYMENT_STATUSES, else
 * 400); `query` matches the customer's name and last names through `customers.search_text` (accent-
 * free, the customers search rule) or, when numeric, the loan number. Newest first unless `orderBy`.
 */
export async function listPayments(db: AppDb, query: PagedQuery): Promise<Paged<PaymentListItem>> {
  const source = paymentListSource(db, query);
  return paginate({ ...source, rows: async (page) => (await source.rows(page)).map(toPaymentListItem) });
}

/**
 * THE query of 'Pagos Recibidos' (filters, order, count), shared by the paged list and its CSV export
 * so both always select the same payments.
 */
function paymentListSource(db: AppDb, query: PagedQuery): PaginateOptions<PaymentJoinedRow> {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    if (!PAYMENT_STATUSES.includes(query.q as PaymentStatus)) {
      throw invalidField('q', PAYMENT_MESSAGES.invalidStatus);
    }
    conditions.push(eq(payments.status, query.q));
  }
  const term = customerQueryTerm(query.query ?? '');
  if (term) {
    const text = like(customers.searchText, containsPattern(term));
    const num = asNumber(term);
    conditions.push(num === undefined ? text : or(text, eq(loans.num, num)));
  }
  const where = and(...conditions);
  return {
    request: { ...query, order: query.orderBy ? query.order : 'desc' },
    orderColumns: ORDER_COLUMNS,
    defaultOrderBy: 'createdOn',
    tiebreaker: payments.id,
    rows: ({ orderBy, limit, offset }) =>
      selectPayments(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: async () => {
      const [row] = await db
        .select({ n: count() })
        .from(payments)
        .innerJoin(loans, eq(loans.id, payments.loanId))
        .innerJoin(customers, eq(customers.id, loans.customerId))
        .where(where);
      return Number(row?.n ?? 0);
    },
  };
}

/**
 * GET /payments/{id}/details (administrators): the summary, the concept lines ('Pago' dated by the
 * installment's due date, 'Multa' by the fee date; installments by number, then fees by date), the
 * totals and the proof images, each with a signed link valid for minutes (attachment-links.ts).
 */
export async function getPaymentDetails(
  db: AppDb,
  id: string,
  linkKey: Buffer,
  now: Date = new Date(),
): Promise<PaymentDetails> {
  const [row] = await selectPayments(db)
    .where(eq(payments.id, id))
    .limit(1)
    .then((rows) => rows);
  if (!row) throw notFound(PAYMENT_MESSAGES.notFound);
  const [registeredBy] = row.payment.registeredBy
    ? await db
        .select({ num: users.num, name: users.name, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, row.payment.registeredBy))
    : [];
  const items = await db
    .select({
      concept: paymentItems.concept,
      amountCents: paymentItems.amountCents,
      dueDate: scheduledPayments.dueDate,
      paymentNumber: scheduledPayments.paymentNumber,
      feeDate: fees.feeDate,
    })
    .from(paymentItems)
    .leftJoin(scheduledPayments, eq(scheduledPayments.id, paymentItems.scheduledPaymentId))
    .leftJoin(fees, eq(fees.id, paymentItems.feeId))
    .where(eq(paymentItems.paymentId, id))
    .orderBy(
      asc(sql`${paymentItems.feeId} is not null`),
      asc(scheduledPayments.paymentNumber),
      asc(fees.feeDate),
    );
  const attachments = await db
    .select()
    .from(paymentAttachments)
    .where(eq(paymentAttachments.paymentId, id))
    .orderBy(asc(paymentAttachments.createdOn), asc(paymentAttachments.id));

  let installmentsCents = 0;
  let feesCents = 0;
  const lines = items.map((item) => {
    const isFee = item.feeDate !== null;
    if (isFee) feesCents += item.amountCents;
    else installmentsCents += item.amountCents;
    return {
      concept: item.concept,
      amount: centsToPesos(item.amountCents),
      type: isFee ? ('Multa' as const) : ('Pago' as const),
      date: (isFee ? item.feeDate : item.dueDate) ?? '',
    };
  });
  return {
    payment: {
      ...toPaymentListItem(row),
      customer: row.customer,
      registeredBy: registeredBy ?? null,
    },
    lines,
    attachments: attachments.map((a) => ({
      id: a.id,
      uri: signedAttachmentUri(linkKey, a.id, now),
      contentType: a.contentType,
    })),
    totals: {
      scheduledPayments: centsToPesos(installmentsCents),
      fees: centsToPesos(feesCents),
      total: centsToPesos(installmentsCents + feesCents),
    },
  };
}

/** The stored file behind a signed link (the route has checked the signature). */
export async function openAttachment(
  db: AppDb,
  uploadsDir: string,
  attachmentId: string,
): Promise<{ path: string; contentType: string; sizeBytes: number }> {
  const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuidLike.test(attachmentId)) throw notFound(PAYMENT_MESSAGES.attachmentNotFound);
  const [row] = await db
    .select()
    .from(paymentAttachments)
    .where(eq(paymentAttachments.id, attachmentId))
    .limit(1);
  if (!row || !/^[0-9a-f]{32}$/.test(row.storageKey)) throw notFound(PAYMENT_MESSAGES.attachmentNotFound);
  const path = join(uploadsDir, row.storageKey);
  try {
    const info = await stat(path);
    return { path, contentType: row.contentType, sizeBytes: info.size };
  } catch {
    throw notFound(PAYMENT_MESSAGES.attachmentNotFound);
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Writing                                                                                          */
/* ------------------------------------------------------------------------------------------------ */

/**
 * Locks a loan row (FOR NO KEY UPDATE, the lock order of loans/balance.ts lockLoans: the loan first,
 * then its items) if the actor may see it; else 404 'Préstamo no encontrado'. Without an actor (the
 * public channel, authorised otherwise) any loan.
 */
async function lockVisibleLoan(
  tx: AppTx,
  actor: CustomerActor | undefined,
  loanId: string,
): Promise<LoanRow> {
  const [row] = await tx
    .select({ loan: loans })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(and(eq(loans.id, loanId), actor ? visibleLoans(actor) : undefined))
    .limit(1)
    .for('no key update', { of: loans });
  if (!row) throw notFound(LOAN_MESSAGES.notFound);
  return row.loan;
}

export interface RegisterPaymentInput {
  loanId: string;
  request: PaymentRequestInput;
  /** A validated proof image staged by receivePaymentUpload; moved to its final name in the transaction. */
  file?: StagedProof | undefined;
  /** The staff user who registered it, or the agent who authorised a public payment. */
  registeredBy: string | null;
  channel: 'STAFF' | 'PUBLIC';
  /** When given, the loan must be visible to this actor (staff: an agent's own customers), else 404. */
  actor?: CustomerActor | undefined;
  /** The business day (statuses of the recomputed loan); defaults to today in TZ_BUSINESS. */
  today?: string | undefined;
}

/**
 * Registers a payment (domain.md "Payments"; the rules are domain/payment-rules.ts). In ONE transaction:
 * the loan row is locked, then its installments and its pending/selected fees; the rules are checked on
 * the locked rows; the payment (VALIDATING, amount computed here), its items and the attachment are
 * inserted; the items become VALIDATING; the loan is recomputed; an audit row is written. A second
 * submit of the same items waits for the first and then finds them VALIDATING → 409.
 *
 * The proof image is renamed from uploads/tmp to uploads/<32 hex> as the last step inside the
 * transaction; if anything fails (the commit included) the final file is removed, so no file is left
 * without its row. The caller still discards the staged file (a no-op once moved).
 */
export async function registerPayment(db: AppDb, input: RegisterPaymentInput): Promise<PaymentListItem> {
  const storageKey = input.file ? randomBytes(16).toString('hex') : undefined;
  const finalPath = input.file && storageKey ? join(input.file.directory, storageKey) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const loan = await lockVisibleLoan(tx, input.actor, input.loanId);
      const installments = await tx
        .select()
        .from(scheduledPayments)
        .where(eq(scheduledPayments.loanId, loan.id))
        .orderBy(asc(scheduledPayments.paymentNumber))
        .for('no key update');
      const selectedFeeIds = [...new Set(input.request.feeIds)];
      const feeRows = await tx
        .select()
        .from(fees)
        .where(
          and(
            eq(fees.loanId, loan.id),
            selectedFeeIds.length > 0
              ? or(eq(fees.status, 'PENDING'), inArray(fees.id, selectedFeeIds))
              : eq(fees.status, 'PENDING'),
          ),
        )
        .orderBy(asc(fees.feeDate), asc(fees.id))
        .for('no key update');

      const check = checkPaymentSelection({
        loanStatus: loan.status,
        installments,
        fees: feeRows,
        scheduledPaymentIds: input.request.scheduledPaymentIds,
        feeIds: selectedFeeIds,
        paymentMethod: input.request.paymentMethod,
        hasFile: input.file !== undefined,
      });
      if (!check.ok) throw new HttpProblem(check.status, check.message);

      const [payment] = await tx
        .insert(payments)
        .values({
          id: uuidv7(),
          loanId: loan.id,
          amountCents: check.amountCents,
          status: 'VALIDATING',
          paymentMethod: input.request.paymentMethod,
          channel: input.channel,
          registeredBy: input.registeredBy,
        })
        .returning();
      if (!payment) throw new Error('insert returned no row');
      await tx.insert(paymentItems).values(
        check.lines.map((line) => ({
          id: uuidv7(),
          paymentId: payment.id,
          scheduledPaymentId: line.kind === 'installment' ? line.id : null,
          feeId: line.kind === 'fee' ? line.id : null,
          concept: line.concept,
          amountCents: line.amountCents,
        })),
      );
      const installmentIds = check.lines.filter((l) => l.kind === 'installment').map((l) => l.id);
      const feeIds = check.lines.filter((l) => l.kind === 'fee').map((l) => l.id);
      if (installmentIds.length > 0) {
        await tx
          .update(scheduledPayments)
          .set({ status: 'VALIDATING' })
          .where(inArray(scheduledPayments.id, installmentIds));
      }
      if (feeIds.length > 0) {
        await tx.update(fees).set({ status: 'VALIDATING' }).where(inArray(fees.id, feeIds));
      }
      let attachmentId: string | null = null;
      if (input.file && storageKey && finalPath) {
        attachmentId = uuidv7();
        await tx.insert(paymentAttachments).values({
          id: attachmentId,
          paymentId: payment.id,
          storageKey,
          contentType: input.file.contentType,
          sizeBytes: input.file.sizeBytes,
        });
      }
      await recomputeLoan(tx, loan.id, {
        today: input.today,
        actorId: input.registeredBy,
        reason: 'payment_registered',
      });
      await writeAudit(tx, {
        actorId: input.registeredBy,
        entity: PAYMENT_AUDIT_ENTITY,
        entityId: payment.id,
        action: 'registered',
        after: {
          ...paymentAuditSnapshot(payment),
          loanNum: loan.num,
          scheduledPaymentIds: installmentIds,
          feeIds,
          attachmentId,
        },
      });
      const created = toPaymentListItem(await loadPayment(tx, payment.id));
      if (input.file && finalPath) await rename(input.file.tempPath, finalPath);
      return created;
    });
  } catch (error) {
    if (finalPath) await rm(finalPath, { force: true });
    throw error;
  }
}

/**
 * DELETE /loans/{id}/fees/{feeId} (administrators): forgives a PENDING fee (CANCELLED; it still counts
 * toward its installment's weekly cap, so the accrual does not replace it). Any other status → 409.
 * The loan is recomputed and the cancellation audited.
 */
export async function cancelFee(
  db: AppDb,
  actor: CustomerActor,
  loanId: string,
  feeId: string,
  today?: string,
): Promise<Fee> {
  return db.transaction(async (tx) => {
    const loan = await lockVisibleLoan(tx, actor, loanId);
    const [fee] = await tx
      .select()
      .from(fees)
      .where(and(eq(fees.id, feeId), eq(fees.loanId, loan.id)))
      .for('no key update');
    if (!fee) throw notFound(PAYMENT_MESSAGES.feeNotFound);
    if (fee.status !== 'PENDING') throw conflict(PAYMENT_MESSAGES.onlyPendingFeeCancels);
    const [cancelled] = await tx
      .update(fees)
      .set({ status: 'CANCELLED', cancelledOn: sql`now()`, cancelledBy: actor.id })
      .where(eq(fees.id, fee.id))
      .returning();
    if (!cancelled) throw new Error('update returned no row');
    await recomputeLoan(tx, loan.id, { today, actorId: actor.id, reason: 'fee_cancelled' });
    await writeAudit(tx, {
      actorId: actor.id,
      entity: FEE_AUDIT_ENTITY,
      entityId: fee.id,
      action: 'cancelled',
      before: { ...toFeeDto(fee), loanId: loan.id, loanNum: loan.num },
      after: { ...toFeeDto(cancelled), loanId: loan.id, loanNum: loan.num },
    });
    return toFeeDto(cancelled);
  });
}

/**
 * PATCH /payments/{id} (administrators): confirm (PAID) or reject (REJECTED), only from VALIDATING
 * (409). The payment row is locked first (FOR UPDATE), so of two concurrent confirms the second waits,
 * then reads PAID and gets 409: never a second Abono. Then the loan row (lock order of balance.ts).
 * - Confirm: Abono (PAYMENT_DEPOSIT 'Abono préstamo #num', both balances +amount) into targetAccountId
 *   through the ledger (404 for an unknown account); the payment PAID with its account and decision;
 *   its installments PAID (paid_on now) and fees PAID; the loan recomputed (PAID when all is paid).
 * - Reject: the installments back to DELAYED when past due on the business day, else PENDING; the fees
 *   back to PENDING; the loan recomputed.
 */
export async function decidePayment(
  db: AppDb,
  actor: CustomerActor,
  paymentId: string,
  input: PaymentStatusUpdateInput,
  today: string,
): Promise<PaymentListItem> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw notFound(PAYMENT_MESSAGES.notFound);
    if (payment.status !== 'VALIDATING') throw conflict(PAYMENT_MESSAGES.onlyValidatingDecides);
    const targetAccountId = input.targetAccountId ?? null;
    if (input.status === 'PAID' && !targetAccountId) {
      throw invalidField('targetAccountId', PAYMENT_MESSAGES.targetAccountRequired);
    }
    const [loan] = await tx.select().from(loans).where(eq(loans.id, payment.loanId)).for('no key update');
    if (!loan) throw new Error(`payment ${payment.id} without its loan`);

    const items = await tx
      .select({
        scheduledPaymentId: paymentItems.scheduledPaymentId,
        feeId: paymentItems.feeId,
        dueDate: scheduledPayments.dueDate,
      })
      .from(paymentItems)
      .leftJoin(scheduledPayments, eq(scheduledPayments.id, paymentItems.scheduledPaymentId))
      .where(eq(paymentItems.paymentId, payment.id));
    const installmentIds = items.flatMap((i) => (i.scheduledPaymentId ? [i.scheduledPaymentId] : []));
    const feeIds = items.flatMap((i) => (i.feeId ? [i.feeId] : []));
    const validatingInstallments = (ids: string[]) =>
      and(inArray(scheduledPayments.id, ids), eq(scheduledPayments.status, 'VALIDATING'));
    const validatingFees = (ids: string[]) => and(inArray(fees.id, ids), eq(fees.status, 'VALIDATING'));

    let updated: typeof payment | undefined;
    if (input.status === 'PAID' && targetAccountId) {
      await applyAccountMovement(tx, {
        accountId: targetAccountId,
        type: 'PAYMENT_DEPOSIT',
        amountCents: payment.amountCents,
        reason: abonoReason(loan.num),
        paymentId: payment.id,
        loanId: loan.id,
        actorId: actor.id,
      });
      [updated] = await tx
        .update(payments)
        .set({ status: 'PAID', bankAccountId: targetAccountId, decidedBy: actor.id, decidedOn: sql`now()` })
        .where(eq(payments.id, payment.id))
        .returning();
      if (installmentIds.length > 0) {
        await tx
          .update(scheduledPayments)
          .set({ status: 'PAID', paidOn: sql`now()` })
          .where(validatingInstallments(installmentIds));
      }
      if (feeIds.length > 0) await tx.update(fees).set({ status: 'PAID' }).where(validatingFees(feeIds));
    } else {
      [updated] = await tx
        .update(payments)
        .set({ status: 'REJECTED', decidedBy: actor.id, decidedOn: sql`now()` })
        .where(eq(payments.id, payment.id))
        .returning();
      for (const status of ['PENDING', 'DELAYED'] as const) {
        const ids = items.flatMap((i) =>
          i.scheduledPaymentId && i.dueDate && installmentStatusAfterRejection(i.dueDate, today) === status
            ? [i.scheduledPaymentId]
            : [],
        );
        if (ids.length > 0) {
          await tx.update(scheduledPayments).set({ status }).where(validatingInstallments(ids));
        }
      }
      if (feeIds.length > 0) await tx.update(fees).set({ status: 'PENDING' }).where(validatingFees(feeIds));
    }
    if (!updated) throw new Error('update returned no row');
    await recomputeLoan(tx, loan.id, {
      today,
      actorId: actor.id,
      reason: input.status === 'PAID' ? 'payment_confirmed' : 'payment_rejected',
    });
    await writeAudit(tx, {
      actorId: actor.id,
      entity: PAYMENT_AUDIT_ENTITY,
      entityId: payment.id,
      action: input.status === 'PAID' ? 'confirmed' : 'rejected',
      before: paymentAuditSnapshot(payment),
      after: { ...paymentAuditSnapshot(updated), loanNum: loan.num },
    });
    return toPaymentListItem(await loadPayment(tx, payment.id));
  });
}

/* ------------------------------------------------------------------------------------------------ */
/* CSV export (GET /payments/export.csv)                                                            */
/* ------------------------------------------------------------------------------------------------ */

/**
 * The columns of 'Pagos Recibidos' (Préstamo, Cliente, Monto, Método, Cuenta, Estatus) and the date
 * the payment was registered, which the screen orders by but has no column for: without it the file
 * could not be reconciled with the accounts.
 */
function paymentCsvColumns(timeZone: string): CsvColumn<PaymentJoinedRow>[] {
  return [
    { header: 'Préstamo', cell: ({ loan }) => integerCell(loan.num) },
    { header: 'Cliente', cell: ({ customer }) => nameCell(customer.name, customer.lastName) },
    { header: 'Monto', cell: ({ payment }) => moneyCell(payment.amountCents) },
    { header: 'Método', cell: ({ payment }) => labelCell(PAYMENT_METHOD_LABELS, payment.paymentMethod) },
    { header: 'Cuenta', cell: ({ bankAccount }) => textCell(bankAccount?.name) },
    { header: 'Estatus', cell: ({ payment }) => labelCell(PAYMENT_STATUS_LABELS, payment.status) },
    { header: 'Fecha', cell: ({ payment }) => dateTimeCell(payment.createdOn, timeZone) },
  ];
}

/** 'Pagos Recibidos' as CSV: the same payments, search, filter and order as GET /payments. */
export function paymentsCsv(db: AppDb, query: PagedQuery, timeZone: string): CsvExport<PaymentJoinedRow> {
  return {
    name: 'pagos',
    columns: paymentCsvColumns(timeZone),
    source: paymentListSource(db, query),
    timeZone,
  };
}
