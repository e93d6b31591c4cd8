/**
 * Which installments a payment covers and what it costs (docs/architecture.md "Payments"): installments
 * are paid oldest first, every pending fee is always included, and the amount is the sum in integer
 * centavos. The staff payment form, the collector's dialog, the borrower's payment form and the server
 * order and sum with these; the server alone decides (payment-rules.ts refuses any other selection).
 */

export interface ScheduledItem {
  paymentNumber: number;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
}

/**
 * Oldest first: by due date, then by installment number (installment k is due 7·k days after delivery,
 * so this is also the order by number).
 */
export function oldestFirst<T extends ScheduledItem>(items: readonly T[]): T[] {
  return [...items].sort((a, b) =>
    a.dueDate === b.dueDate ? a.paymentNumber - b.paymentNumber : a.dueDate < b.dueDate ? -1 : 1,
  );
}

/**
 * Installments are paid oldest first, so a selection is always the first `count` of them in
 * oldestFirst order: ticking the one at `index` ticks every older one, unticking it unticks it and every
 * newer one. Returns the new count.
 */
export function toggleCount(count: number, index: number, checked: boolean): number {
  return checked ? Math.max(count, index + 1) : Math.min(count, index);
}

/** The total of the items, in integer centavos (no float sum of pesos). */
export function totalCents<T>(items: readonly T[], centsOf: (item: T) => number): number {
  return items.reduce((sum, item) => sum + centsOf(item), 0);
}

export interface PaymentChoice<I, F> {
  /** The ticked installments: the first `count` oldest first. */
  installments: I[];
  /** Every pending fee: a payment always includes them all. */
  fees: F[];
  scheduledPaymentIds: string[];
  feeIds: string[];
  /** Installments and fees summed in integer centavos. */
  amountCents: number;
}

/**
 * What a payment covers when `count` installments are ticked: every pending fee plus the first `count`
 * installments oldest first (a count past the end takes them all). The staff form, the collector's
 * dialog and the borrower's page preview it; the server sums what is due with it. `centsOf` reads an
 * item's amount, pesos on screen and centavos on the server.
 */
export function selectPayment<I extends ScheduledItem & { id: string }, F extends { id: string }>(
  installments: readonly I[],
  fees: readonly F[],
  count: number,
  centsOf: (item: I | F) => number,
): PaymentChoice<I, F> {
  const ticked = oldestFirst(installments).slice(0, Math.max(0, count));
  return {
    installments: ticked,
    fees: [...fees],
    scheduledPaymentIds: ticked.map((item) => item.id),
    feeIds: fees.map((fee) => fee.id),
    amountCents: totalCents<I | F>([...fees, ...ticked], centsOf),
  };
}
