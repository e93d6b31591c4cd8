import { isPayableLoanStatus } from './loan-status.ts';
import { oldestFirst, totalCents } from './payment-selection.ts';

/**
 * What a payment registration may cover (docs/architecture.md "Payments"). Pure: the payments service locks
 * the loan, its installments and its fees, then asks this function; the amount always comes from here,
 * never from the client.
 */

import { PAYABLE_FEE_STATUSES, TAKEN_FEE_STATUSES } from './fee-status.ts';
import { PAYABLE_INSTALLMENT_STATUSES, TAKEN_INSTALLMENT_STATUSES } from './installment-status.ts';

/** Why a payment selection is refused; the server words each code (http/refusals.ts). */
export type PaymentSelectionRefusal =
  | 'payment.loan_not_payable'
  | 'payment.no_items'
  | 'payment.file_only_with_transfer'
  | 'payment.unknown_item'
  | 'payment.already_taken'
  | 'payment.not_payable'
  | 'payment.all_pending_fees'
  | 'payment.oldest_first';

export interface PayableInstallment {
  id: string;
  paymentNumber: number;
  dueDate: string;
  amountCents: number;
  status: string;
  concept: string;
}

export interface PayableFee {
  id: string;
  amountCents: number;
  status: string;
  concept: string;
  /** The installment it is a late fee of. */
  scheduledPaymentId: string;
  /** The day it is charged for ('YYYY-MM-DD'). */
  feeDate: string;
}

export interface PaymentSelection {
  loanStatus: string;
  /** Every installment of the loan. */
  installments: readonly PayableInstallment[];
  /** Every fee of the loan (at least the PENDING ones and the selected ones). */
  fees: readonly PayableFee[];
  scheduledPaymentIds: readonly string[];
  feeIds: readonly string[];
  paymentMethod: string;
  hasFile: boolean;
  /**
   * The business day the money was collected, when the phone that took it said so (collectedAt);
   * undefined when it is collected as it is registered.
   */
  collectedOn?: string | undefined;
}

export interface PaymentLine {
  kind: 'installment' | 'fee';
  id: string;
  concept: string;
  amountCents: number;
}

export type PaymentSelectionResult =
  | {
      ok: true;
      lines: PaymentLine[];
      amountCents: number;
      /** PENDING fees the borrower paid before they accrued (feesAccruedAfterCollection): to cancel. */
      accruedAfterCollection: string[];
    }
  | { ok: false; refusal: PaymentSelectionRefusal };

const TAKEN = new Set<string>([...TAKEN_INSTALLMENT_STATUSES, ...TAKEN_FEE_STATUSES]);
const payableInstallment = (status: string) =>
  (PAYABLE_INSTALLMENT_STATUSES as readonly string[]).includes(status);
const payableFee = (status: string) => (PAYABLE_FEE_STATUSES as readonly string[]).includes(status);

/**
 * The rules, in the order they are checked (the first that fails is the answer):
 * 1. at least one item;
 * 2. a proof file only with TRANSFER;
 * 3. the loan is payable (open, or written off: a recovery; loan-status PAYABLE_LOAN_STATUSES);
 * 4. every id belongs to the loan;
 * 5. every item is payable: installments PENDING/DELAYED, fees PENDING. An item already PAID or
 *    VALIDATING is the repeated submit ('payment.already_taken'); a cancelled one is not payable;
 * 6. every PENDING fee of the loan is included, except those that accrued after the collection
 *    (feesAccruedAfterCollection), which come back in `accruedAfterCollection` when not selected;
 * 7. installments oldest first: the selected ones are exactly the first N payable installments by
 *    number, so no earlier unpaid installment is skipped.
 * Repeated ids count once. Lines come out installments by number, then fees in the loan's order.
 */
export function checkPaymentSelection(input: PaymentSelection): PaymentSelectionResult {
  const refuse = (refusal: PaymentSelectionRefusal): PaymentSelectionResult => ({ ok: false, refusal });
  const installmentIds = new Set(input.scheduledPaymentIds);
  const feeIds = new Set(input.feeIds);
  if (installmentIds.size === 0 && feeIds.size === 0) return refuse('payment.no_items');
  if (input.hasFile && input.paymentMethod !== 'TRANSFER') {
    return refuse('payment.file_only_with_transfer');
  }
  if (!isPayableLoanStatus(input.loanStatus)) {
    return refuse('payment.loan_not_payable');
  }

  const installments = oldestFirst(input.installments);
  const selectedInstallments = installments.filter((i) => installmentIds.has(i.id));
  const selectedFees = input.fees.filter((f) => feeIds.has(f.id));
  if (selectedInstallments.length !== installmentIds.size || selectedFees.length !== feeIds.size) {
    return refuse('payment.unknown_item');
  }

  const statuses = [...selectedInstallments.map((i) => i.status), ...selectedFees.map((f) => f.status)];
  if (statuses.some((status) => TAKEN.has(status))) return refuse('payment.already_taken');
  if (
    selectedInstallments.some((i) => !payableInstallment(i.status)) ||
    selectedFees.some((f) => !payableFee(f.status))
  ) {
    return refuse('payment.not_payable');
  }

  const accruedAfter = new Set(
    feesAccruedAfterCollection(input.fees, input.scheduledPaymentIds, input.collectedOn).map((f) => f.id),
  );
  const unselected = input.fees.filter((f) => payableFee(f.status) && !feeIds.has(f.id));
  if (unselected.some((f) => !accruedAfter.has(f.id))) {
    return refuse('payment.all_pending_fees');
  }

  const firstPayable = installments.filter((i) => payableInstallment(i.status)).slice(0, installmentIds.size);
  if (firstPayable.some((i) => !installmentIds.has(i.id))) return refuse('payment.oldest_first');

  const lines: PaymentLine[] = [
    ...selectedInstallments.map((i) => ({
      kind: 'installment' as const,
      id: i.id,
      concept: i.concept,
      amountCents: i.amountCents,
    })),
    ...selectedFees.map((f) => ({
      kind: 'fee' as const,
      id: f.id,
      concept: f.concept,
      amountCents: f.amountCents,
    })),
  ];
  return {
    ok: true,
    lines,
    amountCents: totalCents(lines, (line) => line.amountCents),
    accruedAfterCollection: unselected.map((f) => f.id),
  };
}

/**
 * The late fees a payment does not owe because the borrower paid before they accrued
 * (docs/product.md "Cobranza sin señal"): cash taken without signal on day 1 reaches the server after
 * the 00:05 accrual of day 2 has charged its installment for day 2. A fee is one of them when the
 * payment carries its collection day (`collectedOn`), the fee is PENDING, it is a fee of an
 * installment the payment covers, and it is charged for a day AFTER the collection day. Such a fee is
 * not required by the payment, and registering the payment cancels it (fee-status `cancel`, for
 * COLLECTED_BEFORE_FEE_REASON): the borrower is not charged for days after paying. Fees of other
 * installments, and those of the collection day or before, are owed as always.
 */
export function feesAccruedAfterCollection<
  F extends Pick<PayableFee, 'status' | 'scheduledPaymentId' | 'feeDate'>,
>(fees: readonly F[], scheduledPaymentIds: readonly string[], collectedOn: string | undefined): F[] {
  if (collectedOn === undefined) return [];
  const covered = new Set(scheduledPaymentIds);
  return fees.filter(
    (f) => payableFee(f.status) && covered.has(f.scheduledPaymentId) && f.feeDate > collectedOn,
  );
}

/** Why such a fee is cancelled: kept on the fee and shown in its 'Multas' dialog. */
export const COLLECTED_BEFORE_FEE_REASON = 'Pagada antes de generarse la multa (cobro sin conexión)';
