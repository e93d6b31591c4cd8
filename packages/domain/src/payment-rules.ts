import { isOpenStatus } from './loan-status.ts';
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
}

export interface PaymentLine {
  kind: 'installment' | 'fee';
  id: string;
  concept: string;
  amountCents: number;
}

export type PaymentSelectionResult =
  | { ok: true; lines: PaymentLine[]; amountCents: number }
  | { ok: false; refusal: PaymentSelectionRefusal };

const TAKEN = new Set<string>([...TAKEN_INSTALLMENT_STATUSES, ...TAKEN_FEE_STATUSES]);
const payableInstallment = (status: string) =>
  (PAYABLE_INSTALLMENT_STATUSES as readonly string[]).includes(status);
const payableFee = (status: string) => (PAYABLE_FEE_STATUSES as readonly string[]).includes(status);

/**
 * The rules, in the order they are checked (the first that fails is the answer):
 * 1. at least one item;
 * 2. a proof file only with TRANSFER;
 * 3. the loan is open (delivered, not yet paid: loan-status OPEN_STATUSES);
 * 4. every id belongs to the loan;
 * 5. every item is payable: installments PENDING/DELAYED, fees PENDING. An item already PAID or
 *    VALIDATING is the repeated submit ('payment.already_taken'); a cancelled one is not payable;
 * 6. every PENDING fee of the loan is included;
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
  if (!isOpenStatus(input.loanStatus)) {
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

  if (input.fees.some((f) => payableFee(f.status) && !feeIds.has(f.id))) {
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
  return { ok: true, lines, amountCents: totalCents(lines, (line) => line.amountCents) };
}
