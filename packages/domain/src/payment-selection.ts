/**
 * Which installments a payment covers and what it costs (docs/architecture.md "Payments"): installments
 * are paid oldest first, every pending fee is always included, and the amount is the sum in integer
 * centavos. The staff payment form, the borrower's payment form and the server's registration order and
 * sum with these; the server alone decides (payment-rules.ts refuses any other selection).
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
