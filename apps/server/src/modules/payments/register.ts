import type { PaymentListItem } from '@prestaya/contracts';
import { centsToPesos } from '@prestaya/contracts';
import {
  allocateAbono,
  businessDate,
  COLLECTED_BEFORE_FEE_REASON,
  type CollectedAtLimits,
  checkCollectedAt,
  checkPaymentSelection,
  type FeeStatus,
  feePart,
  feesAccruedAfterCollection,
  feeTransition,
  formatCents,
  type InstallmentStatus,
  installmentPart,
  isOpenStatus,
  isPayableFeeStatus,
  isPayableInstallmentStatus,
  oldestFirst,
  PAYABLE_FEE_STATUSES,
  type PaymentKind,
  pesosToCents,
  REGISTERED_PAYMENT_STATUS,
  remainingCents,
} from '@prestaya/domain';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb, AppTx } from '../../db/client.ts';
import { type LoanRow, scheduledPayments } from '../../db/schema/loans.ts';
import { fees, paymentAttachments, paymentItems, payments } from '../../db/schema/payments.ts';
import { loanPayoffs } from '../../db/schema/payoffs.ts';
import { storeFile } from '../../db/stored-files.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { refuseWhileUnderAmlReview } from '../aml/guard.ts';
import { recomputeLoan } from '../loans/balance.ts';
import { claimKey, type IdempotentRequest, paymentFingerprint, storeReply } from './idempotency.ts';
import { paymentAuditSnapshot, toFeeDto, toPaymentListItem } from './mapping.ts';
import { FEE_AUDIT_ENTITY, PAYMENT_AUDIT_ENTITY } from './messages.ts';

/** The loans' audit entity (loans/messages.ts LOAN_AUDIT_ENTITY), whose rows the loan's history shows. */
const LOAN_AUDIT_ENTITY = 'loan';

import { type PartsUpdate, writeFeeParts, writeInstallmentParts } from './parts.ts';
import { type GatheredPayoff, gatherPayoff } from './payoff.ts';
import { loadPayment, lockVisibleLoan } from './queries.ts';
import type { PaymentRequestInput, ReceivedProof } from './upload.ts';

/** What a registration covers, whole items or an abono, before anything is written. */
interface Coverage {
  kind: PaymentKind;
  lines: {
    kind: 'installment' | 'fee';
    id: string;
    concept: string;
    amountCents: number;
    remainingAfterCents: number;
    /** A payoff's discount on the item: taken with the line's amount, never paid in money. */
    discountCents?: number;
  }[];
  amountCents: number;
  /** PENDING fees the borrower paid before they accrued (feesAccruedAfterCollection): to cancel. */
  accruedAfterCollection: string[];
}

type InstallmentRowParts = typeof scheduledPayments.$inferSelect;
type FeeRowParts = typeof fees.$inferSelect;

/** What remains of an item to pay, as the rules and the lines price it. */
const remainingOf = <R extends { amountCents: number; paidCents: number; heldCents: number }>(row: R) => ({
  ...row,
  amountCents: remainingCents(row),
});

/** The ticked items, each for what remains of it (payment-rules.ts checks the selection). */
function wholeItems(
  input: RegisterPaymentInput,
  loanStatus: string,
  installments: InstallmentRowParts[],
  feeRows: FeeRowParts[],
  selectedFeeIds: string[],
  collectedOn: string | undefined,
): Coverage {
  const check = checkPaymentSelection({
    loanStatus,
    installments: installments.map(remainingOf),
    fees: feeRows.map(remainingOf),
    scheduledPaymentIds: input.request.scheduledPaymentIds,
    feeIds: selectedFeeIds,
    paymentMethod: input.request.paymentMethod,
    hasFile: input.file !== undefined,
    collectedOn,
  });
  if (!check.ok) throw refuse(check.refusal);
  return {
    kind: 'ITEMS',
    lines: check.lines.map((line) => ({ ...line, remainingAfterCents: 0 })),
    amountCents: check.amountCents,
    accruedAfterCollection: check.accruedAfterCollection,
  };
}

/**
 * An abono (abono.ts allocateAbono): the pending fees, by date then installment number, then the
 * payable installments oldest first, each for what remains of it. A collection sent later does not pay
 * fees charged for days after it was collected; those of the installments it pays off are cancelled,
 * as for whole items (feesAccruedAfterCollection).
 */
function abonoOf(
  input: RegisterPaymentInput,
  loanStatus: string,
  installments: InstallmentRowParts[],
  feeRows: FeeRowParts[],
  collectedOn: string | undefined,
): Coverage {
  if (input.file && input.request.paymentMethod !== 'TRANSFER')
    throw refuse('payment.file_only_with_transfer');
  if (!isOpenStatus(loanStatus)) throw refuse('payment.loan_not_payable');
  const numberOf = new Map(installments.map((i) => [i.id, i.paymentNumber]));
  const owedFees = feeRows
    .filter((f) => isPayableFeeStatus(f.status) && (collectedOn === undefined || f.feeDate <= collectedOn))
    .sort((a, b) =>
      a.feeDate === b.feeDate
        ? (numberOf.get(a.scheduledPaymentId) ?? 0) - (numberOf.get(b.scheduledPaymentId) ?? 0)
        : a.feeDate < b.feeDate
          ? -1
          : 1,
    );
  const owedInstallments = oldestFirst(installments.filter((i) => isPayableInstallmentStatus(i.status)));
  const allocation = allocateAbono(
    pesosToCents(input.request.abono ?? 0),
    owedFees.map((f) => ({ id: f.id, remainingCents: remainingCents(f) })),
    owedInstallments.map((i) => ({ id: i.id, remainingCents: remainingCents(i) })),
  );
  if (!allocation.ok) {
    if (allocation.refusal === 'payment.abono_above_owed') {
      throw refuse(allocation.refusal, { values: { owed: formatCents(allocation.owedCents) } });
    }
    throw refuse(allocation.refusal);
  }
  const conceptOf = new Map([...owedFees, ...owedInstallments].map((r) => [r.id, r.concept]));
  const paidOff = allocation.lines
    .filter((l) => l.kind === 'installment' && l.remainingAfterCents === 0)
    .map((l) => l.id);
  return {
    kind: 'ABONO',
    lines: allocation.lines.map((line) => ({ ...line, concept: conceptOf.get(line.id) ?? '' })),
    amountCents: allocation.amountCents,
    accruedAfterCollection: feesAccruedAfterCollection(feeRows, paidOff, collectedOn)
      .filter((f) => f.paidCents === 0 && f.heldCents === 0)
      .map((f) => f.id),
  };
}

/**
 * An early payoff (payoff.ts gatherPayoff on the locked rows): the amount sent must be today's quote
 * exactly, else 400 naming the quote. Every fine and installment that remains is a line for what
 * remains of it less its discount; the quote is kept as the payment's loan_payoffs row.
 */
async function payoffOf(
  tx: AppTx,
  input: RegisterPaymentInput,
  loan: LoanRow,
): Promise<Coverage & { gathered: GatheredPayoff }> {
  if (input.channel === 'PUBLIC') throw refuse('payoff.staff_only');
  if (input.file && input.request.paymentMethod !== 'TRANSFER')
    throw refuse('payment.file_only_with_transfer');
  const gathered = await gatherPayoff(tx, loan, input.today);
  const { quote } = gathered;
  if (pesosToCents(input.request.payoff ?? 0) !== quote.quoteCents) {
    throw refuse('payoff.amount_mismatch', { values: { quote: formatCents(quote.quoteCents) } });
  }
  const conceptOf = new Map([...gathered.installments, ...gathered.fees].map((r) => [r.id, r.concept]));
  return {
    kind: 'PAYOFF',
    lines: quote.lines.map((line) => ({
      kind: line.kind,
      id: line.id,
      concept: conceptOf.get(line.id) ?? '',
      amountCents: line.amountCents,
      remainingAfterCents: 0,
      discountCents: line.discountCents,
    })),
    amountCents: quote.quoteCents,
    accruedAfterCollection: [],
    gathered,
  };
}

export interface RegisterPaymentInput {
  loanId: string;
  request: PaymentRequestInput;
  /** A validated proof image read by receivePaymentUpload; stored in the payment's transaction. */
  file?: ReceivedProof | undefined;
  /** The staff user who registered it, or the agent who authorised a public payment. */
  registeredBy: string | null;
  /** 'RENEWAL': the payoff a renewal's delivery settles from the new loan (loans/renewal.ts). */
  channel: 'STAFF' | 'PUBLIC' | 'RENEWAL';
  /** When given, the loan must be visible to this actor (staff: an agent's own customers), else 404. */
  actor?: CustomerActor | undefined;
  /** The business day (statuses of the recomputed loan): app.businessClock's today. */
  today: string;
  /** The request's Idempotency-Key, if it sent one: a repeat gets the first reply. */
  idempotency?: IdempotentRequest | undefined;
  /**
   * Staff registrations: the request's `collectedAt` is kept when within these limits of `now` (the
   * business clock's instant); without it, or on the public channel, the payment is collected when
   * registered. Its day in `timeZone` (TZ_BUSINESS) is the collection day the fee rules compare with.
   */
  collectedAtBounds?: { now: Date; limits: CollectedAtLimits; timeZone: string } | undefined;
  /** A renewal's payoff: the new loan whose delivery settles this one (loans/renew.ts). */
  renewalLoanId?: string | undefined;
}

/** The instant to keep as collected_at, or undefined for the registration instant (the column default). */
function collectedAtOf(input: RegisterPaymentInput): Date | undefined {
  const { collectedAtBounds: bounds } = input;
  const raw = input.request.collectedAt;
  if (!bounds || raw === undefined) return undefined;
  const at = new Date(raw);
  const check = checkCollectedAt(at, bounds.now, bounds.limits);
  if (!check.ok) {
    throw check.refusal === 'payment.collected_in_future'
      ? refuse(check.refusal, { values: { minutes: String(bounds.limits.maxSkewMinutes) } })
      : refuse(check.refusal, { values: { days: String(bounds.limits.maxAgeDays) } });
  }
  return at;
}

/**
 * Registers a payment (docs/architecture.md "Payments"; the rules are packages/domain/src/payment-rules.ts). In ONE transaction:
 * the loan row is locked, then its installments and its pending/selected fees; the rules are checked on
 * the locked rows; the payment (VALIDATING, amount computed here), its items and the attachment are
 * inserted with the proof image's bytes (stored_files); the items become VALIDATING; the loan is
 * recomputed; an audit row is written. A second submit of the same items waits for the first and then
 * finds them VALIDATING → 409, unless both carry the same Idempotency-Key: the key is claimed first
 * (idempotency.ts), so the repeat waits for the first and answers with its reply (with the first's
 * collection instant). Any refusal or failure rolls the image and the key back with everything else.
 */
export async function registerPayment(db: AppDb, input: RegisterPaymentInput): Promise<PaymentListItem> {
  return await db.transaction((tx) => registerPaymentInTransaction(tx, input));
}

/** registerPayment inside the caller's transaction: a renewal's delivery registers the old loan's payoff. */
export async function registerPaymentInTransaction(
  tx: AppTx,
  input: RegisterPaymentInput,
): Promise<PaymentListItem> {
  {
    const { idempotency } = input;
    if (idempotency) {
      const fingerprint = paymentFingerprint(input.loanId, input.request, input.file);
      const first = await claimKey(tx, idempotency, fingerprint);
      if (first) return first;
    }
    const collectedAt = collectedAtOf(input);
    const loan = await lockVisibleLoan(tx, input.actor, input.loanId);
    await refuseWhileUnderAmlReview(tx, loan.customerId, input.channel === 'PUBLIC' ? 'public' : 'staff');
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
            ? or(inArray(fees.status, PAYABLE_FEE_STATUSES), inArray(fees.id, selectedFeeIds))
            : inArray(fees.status, PAYABLE_FEE_STATUSES),
        ),
      )
      .orderBy(asc(fees.feeDate), asc(fees.id))
      .for('no key update');

    const collectedOn =
      collectedAt && input.collectedAtBounds
        ? businessDate(collectedAt, input.collectedAtBounds.timeZone)
        : undefined;
    const payoff = input.request.payoff === undefined ? undefined : await payoffOf(tx, input, loan);
    const check =
      payoff ??
      (input.request.abono === undefined
        ? wholeItems(input, loan.status, installments, feeRows, selectedFeeIds, collectedOn)
        : abonoOf(input, loan.status, installments, feeRows, collectedOn));

    const [payment] = await tx
      .insert(payments)
      .values({
        id: uuidv7(),
        loanId: loan.id,
        amountCents: check.amountCents,
        status: REGISTERED_PAYMENT_STATUS,
        paymentMethod: input.request.paymentMethod,
        channel: input.channel,
        registeredBy: input.registeredBy,
        // A payment on a written-off loan is money recovered from a loss (docs/product.md "Castigo").
        recovery: loan.status === 'WRITTEN_OFF',
        kind: check.kind,
        ...(collectedAt ? { collectedAt } : {}),
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
        remainingAfterCents: line.remainingAfterCents,
        discountCents: line.discountCents ?? 0,
      })),
    );
    if (payoff) {
      const { quote } = payoff.gathered;
      await tx.insert(loanPayoffs).values({
        id: uuidv7(),
        loanId: loan.id,
        paymentId: payment.id,
        quotedOn: quote.today,
        installmentsCents: quote.installmentsCents,
        finesCents: quote.finesCents,
        interestNotDueCents: quote.interestNotDueCents,
        discountBp: quote.discountBp,
        discountCents: quote.discountCents,
        quoteCents: quote.quoteCents,
        renewalLoanId: input.renewalLoanId ?? null,
        createdBy: input.registeredBy,
      });
      // The loan's history shows the payoff and its quote (the payment's own row is in its history).
      await writeAudit(tx, {
        actorId: input.registeredBy,
        entity: LOAN_AUDIT_ENTITY,
        entityId: loan.id,
        action: 'payoff_registered',
        after: {
          loanNum: loan.num,
          paymentId: payment.id,
          quotedOn: quote.today,
          installments: centsToPesos(quote.installmentsCents),
          fines: centsToPesos(quote.finesCents),
          interestNotDue: centsToPesos(quote.interestNotDueCents),
          discount: centsToPesos(quote.discountCents),
          total: centsToPesos(quote.quoteCents),
          ...(input.renewalLoanId ? { renewalLoanId: input.renewalLoanId } : {}),
        },
      });
    }
    const installmentIds = check.lines.filter((l) => l.kind === 'installment').map((l) => l.id);
    const feeIds = check.lines.filter((l) => l.kind === 'fee').map((l) => l.id);
    // Each line takes its part of its item (abono.ts): held, and VALIDATING once nothing remains.
    const take = { kind: 'take' } as const;
    const installmentById = new Map(installments.map((i) => [i.id, i]));
    const feeById = new Map(feeRows.map((f) => [f.id, f]));
    const installmentChanges: PartsUpdate[] = [];
    const feeChanges: PartsUpdate[] = [];
    for (const line of check.lines) {
      const row = line.kind === 'installment' ? installmentById.get(line.id) : feeById.get(line.id);
      if (!row) throw new Error(`line ${line.id} without its row`);
      // A payoff's line takes its discount with its amount: nothing of the item remains.
      const part = line.amountCents + (line.discountCents ?? 0);
      const taken =
        line.kind === 'installment'
          ? installmentPart(row.status as InstallmentStatus, row, part, take)
          : feePart(row.status as FeeStatus, row, part, take);
      if (!taken.ok) throw refuse(taken.refusal);
      const change = {
        id: row.id,
        status: taken.status,
        paidCents: taken.paidCents,
        heldCents: taken.heldCents,
      };
      (line.kind === 'installment' ? installmentChanges : feeChanges).push(change);
    }
    await writeInstallmentParts(tx, installmentChanges);
    await writeFeeParts(tx, feeChanges);
    // Fees the daily accrual charged for days after the borrower had already paid (cash taken without
    // signal, synced after 00:05): the payment does not owe them and cancels them, each audited.
    // A fee part of which a payment already paid or holds stays owed: forgiving it would lose that part.
    const forgivable = feeRows.filter(
      (f) => check.accruedAfterCollection.includes(f.id) && f.paidCents === 0 && f.heldCents === 0,
    );
    for (const fee of forgivable) {
      const forgiven = feeTransition(fee.status, { kind: 'cancel' });
      if (!forgiven.ok) throw refuse(forgiven.refusal);
      const [cancelled] = await tx
        .update(fees)
        .set({
          status: forgiven.to,
          cancelledOn: sql`now()`,
          cancelledBy: input.registeredBy,
          cancelReason: COLLECTED_BEFORE_FEE_REASON,
        })
        .where(eq(fees.id, fee.id))
        .returning();
      if (!cancelled) throw new Error('update returned no row');
      await writeAudit(tx, {
        actorId: input.registeredBy,
        entity: FEE_AUDIT_ENTITY,
        entityId: fee.id,
        action: 'cancelled',
        before: { ...toFeeDto(fee), loanId: loan.id, loanNum: loan.num },
        after: { ...toFeeDto(cancelled), loanId: loan.id, loanNum: loan.num, paymentId: payment.id },
      });
    }
    let attachmentId: string | null = null;
    if (input.file) {
      attachmentId = uuidv7();
      await tx.insert(paymentAttachments).values({
        id: attachmentId,
        paymentId: payment.id,
        fileId: await storeFile(tx, input.file),
        contentType: input.file.contentType,
        sizeBytes: input.file.bytes.length,
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
        collectedAt: payment.collectedAt.toISOString(),
        loanNum: loan.num,
        scheduledPaymentIds: installmentIds,
        feeIds,
        ...(check.kind === 'ABONO'
          ? {
              kind: check.kind,
              parts: check.lines.map((l) => ({
                id: l.id,
                amount: centsToPesos(l.amountCents),
                remainingAfter: centsToPesos(l.remainingAfterCents),
              })),
            }
          : {}),
        ...(payoff
          ? {
              kind: check.kind,
              payoff: {
                quotedOn: payoff.gathered.quote.today,
                installments: centsToPesos(payoff.gathered.quote.installmentsCents),
                fines: centsToPesos(payoff.gathered.quote.finesCents),
                discount: centsToPesos(payoff.gathered.quote.discountCents),
                total: centsToPesos(payoff.gathered.quote.quoteCents),
                ...(input.renewalLoanId ? { renewalLoanId: input.renewalLoanId } : {}),
              },
            }
          : {}),
        ...(check.accruedAfterCollection.length > 0 ? { cancelledFeeIds: check.accruedAfterCollection } : {}),
        attachmentId,
      },
    });
    const reply = toPaymentListItem(await loadPayment(tx, payment.id));
    if (idempotency) await storeReply(tx, idempotency, reply);
    return reply;
  }
}
