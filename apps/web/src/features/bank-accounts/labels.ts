export { ACCOUNT_OPERATION_BADGES } from '../../lib/status-badges.ts';

import { DATE_FORMAT, dayjs, TIME_FORMAT } from '../../lib/format.ts';

/** Spec 9: "The transaction date uses time hh:mm:ss a" → DD/MM/YYYY hh:mm:ss a. */
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
