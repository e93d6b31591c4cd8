import { oldestFirst, totalCents } from '@prestaya/domain';

/**
 * What a payment registration may cover (docs/architecture.md "Payments"). Pure: the payments service locks
 * the loan, its installments and its fees, then asks this function; the amount always comes from here,
 * never from the client.
 */

export const PAYMENT_RULE_MESSAGES = {
  loanNotPayable: 'Solo se pueden registrar pagos de préstamos activos o atrasados',
  noItems: 'Seleccione al menos un pago o multa',
  fileOnlyWithTransfer: 'Solo se adjunta comprobante en pagos por transferencia',
  unknownItem: 'Alguno de los conceptos no pertenece a este préstamo',
  alreadyTaken: 'Alguno de los conceptos ya fue pagado o está en validación',
  notPayable: 'Alguno de los conceptos ya no se puede pagar',
  allPendingFees: 'Debe incluir todas las multas pendientes',
  oldestFirst: 'Debe pagar primero los pagos más antiguos',
} as const;

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
  | { ok: false; status: 400 | 409; message: string };

export const PAYABLE_LOAN_STATUSES = ['ACTIVE', 'DELAYED'] as const;
export const PAYABLE_INSTALLMENT_STATUSES = ['PENDING', 'DELAYED'] as const;
export const PAYABLE_FEE_STATUSES = ['PENDING'] as const;

const TAKEN = new Set(['PAID', 'VALIDATING']);
const payableInstallment = (status: string) =>
  (PAYABLE_INSTALLMENT_STATUSES as readonly string[]).includes(status);
const payableFee = (status: string) => (PAYABLE_FEE_STATUSES as readonly string[]).includes(status);

/**
 * The rules, in the order they are checked (the first that fails is the answer):
 * 1. at least one item (400);
 * 2. a proof file only with TRANSFER (400);
 * 3. the loan is ACTIVE or DELAYED (409);
 * 4. every id belongs to the loan (400);
 * 5. every item is payable: installments PENDING/DELAYED, fees PENDING. An item already PAID or
 *    VALIDATING is the repeated submit (409 'ya fue pagado o está en validación'); a cancelled one 409;
 * 6. every PENDING fee of the loan is included (400);
 * 7. installments oldest first: the selected ones are exactly the first N payable installments by
 *    number (400), so no earlier unpaid installment is skipped.
 * Repeated ids count once. Lines come out installments by number, then fees in the loan's order.
 */
export function checkPaymentSelection(input: PaymentSelection): PaymentSelectionResult {
  const refuse = (status: 400 | 409, message: string): PaymentSelectionResult => ({
    ok: false,
    status,
    message,
  });
  const installmentIds = new Set(input.scheduledPaymentIds);
  const feeIds = new Set(input.feeIds);
  if (installmentIds.size === 0 && feeIds.size === 0) return refuse(400, PAYMENT_RULE_MESSAGES.noItems);
  if (input.hasFile && input.paymentMethod !== 'TRANSFER') {
    return refuse(400, PAYMENT_RULE_MESSAGES.fileOnlyWithTransfer);
  }
  if (!(PAYABLE_LOAN_STATUSES as readonly string[]).includes(input.loanStatus)) {
    return refuse(409, PAYMENT_RULE_MESSAGES.loanNotPayable);
  }

  const installments = oldestFirst(input.installments);
  const selectedInstallments = installments.filter((i) => installmentIds.has(i.id));
  const selectedFees = input.fees.filter((f) => feeIds.has(f.id));
  if (selectedInstallments.length !== installmentIds.size || selectedFees.length !== feeIds.size) {
    return refuse(400, PAYMENT_RULE_MESSAGES.unknownItem);
  }

  const statuses = [...selectedInstallments.map((i) => i.status), ...selectedFees.map((f) => f.status)];
  if (statuses.some((status) => TAKEN.has(status))) return refuse(409, PAYMENT_RULE_MESSAGES.alreadyTaken);
  if (
    selectedInstallments.some((i) => !payableInstallment(i.status)) ||
    selectedFees.some((f) => !payableFee(f.status))
  ) {
    return refuse(409, PAYMENT_RULE_MESSAGES.notPayable);
  }

  if (input.fees.some((f) => payableFee(f.status) && !feeIds.has(f.id))) {
    return refuse(400, PAYMENT_RULE_MESSAGES.allPendingFees);
  }

  const firstPayable = installments.filter((i) => payableInstallment(i.status)).slice(0, installmentIds.size);
  if (firstPayable.some((i) => !installmentIds.has(i.id)))
    return refuse(400, PAYMENT_RULE_MESSAGES.oldestFirst);

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
