import { formatCents, pesosToCents } from '@prestaya/contracts/plain';

interface Installment {
  id: string;
  paymentNumber: number;
  dueDate: string;
}

/** Oldest first: by due date, then by installment number. */
export function oldestFirst<T extends Installment>(items: readonly T[]): T[] {
  return [...items].sort((a, b) =>
    a.dueDate === b.dueDate ? a.paymentNumber - b.paymentNumber : a.dueDate < b.dueDate ? -1 : 1,
  );
}

/**
 * Installments are paid oldest first, so the selection is always the first `count` of them:
 * ticking the n-th ticks every older one, unticking it unticks it and every newer one.
 */
export function toggleCount(count: number, index: number, checked: boolean): number {
  return checked ? Math.max(count, index + 1) : Math.min(count, index);
}

/** All pending fines plus the ticked installments, summed in integer centavos. */
export function totalCents(
  fees: readonly { amount: number }[],
  ticked: readonly { amount: number }[],
): number {
  return [...fees, ...ticked].reduce((sum, item) => sum + pesosToCents(item.amount), 0);
}

export { formatCents };
