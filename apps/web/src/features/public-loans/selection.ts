import { formatCents, pesosToCents } from '@prestaya/contracts/plain';
import { oldestFirst, selectPayment, toggleCount } from '@prestaya/domain';

export { formatCents, oldestFirst, selectPayment, toggleCount };

/** An installment's or a fine's amount (pesos on the page) in integer centavos, for selectPayment. */
export const amountCents = (item: { amount: number }) => pesosToCents(item.amount);
