import { Text, type TextProps } from '@mantine/core';
import type { AccountTransaction } from '@prestaya/contracts';
import { formatMoney } from '../../../lib/format.ts';
import { ACCOUNT_OPERATION_SIGNS } from '../labels.ts';

type Movement = Pick<AccountTransaction, 'amount' | 'operationType'>;

/** A movement's amount with its direction written out, '+$1,000.00' in and '−$500.00' out. */
export function SignedAmount({ transaction, ...props }: { transaction: Movement } & TextProps) {
  const sign = ACCOUNT_OPERATION_SIGNS[transaction.operationType];
  return (
    <Text
      span
      inherit
      c={sign === '+' ? 'teal.9' : 'red.9'}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-testid="transaction-amount"
      {...props}
    >
      {`${sign}${formatMoney(transaction.amount)}`}
    </Text>
  );
}
