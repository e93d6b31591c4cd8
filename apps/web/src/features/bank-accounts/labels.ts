export { ACCOUNT_OPERATION_BADGES } from '../../lib/status-badges.ts';

import type { AccountOperationType } from '@prestaya/contracts';

import { DATE_FORMAT, dayjs, TIME_FORMAT } from '../../lib/format.ts';

/** docs/product.md §9: account movements show the time with seconds → DD/MM/YYYY hh:mm:ss a. */
export const TRANSACTION_DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

/** The date and the time (hh:mm a) of a ledger row, shown on two lines in the table. */
export function transactionDateParts(value: string | null | undefined): { date: string; time: string } {
  const date = value ? dayjs(value) : undefined;
  if (!date?.isValid()) return { date: '', time: '' };
  return { date: date.format(DATE_FORMAT), time: date.format('hh:mm a') };
}

export function formatTransactionDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(TRANSACTION_DATE_TIME_FORMAT) : '';
}

/**
 * Whether a movement puts money into the account (+) or takes it out (−), by its type: the sign a
 * loan officer reads first, since the badge colour alone does not tell a deposit from a withdrawal.
 * Entrega and Reserva take money out (of the real and of the available balance); Liberación returns a
 * reservation to the available balance.
 */
export const ACCOUNT_OPERATION_SIGNS: Record<AccountOperationType, '+' | '−'> = {
  PAYMENT_DEPOSIT: '+',
  DEPOSIT: '+',
  RELEASE: '+',
  WITHDRAWAL: '−',
  VIRTUAL_WITHDRAWAL: '−',
  MANUAL_WITHDRAWAL: '−',
};
