import { formatCents, pesosToCents } from '@prestaya/contracts/plain';
import { oldestFirst, totalCents as sumCents, toggleCount } from '@prestaya/domain';

export { formatCents, oldestFirst, toggleCount };

/** All pending fines plus the ticked installments, summed in integer centavos. */
export function totalCents(
  fees: readonly { amount: number }[],
  ticked: readonly { amount: number }[],
): number {
  return sumCents([...fees, ...ticked], (item) => pesosToCents(item.amount));
}
