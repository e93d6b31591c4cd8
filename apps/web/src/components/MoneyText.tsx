import { Text, type TextProps } from '@mantine/core';
import { formatMoney } from '../lib/format.ts';

export interface MoneyTextProps extends TextProps {
  /** Amount in pesos as sent by the server. */
  value: number | string | null | undefined;
}

/** A peso amount, tabular digits so columns line up. */
export function MoneyText({ value, ...props }: MoneyTextProps) {
  return (
    <Text span inherit style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} {...props}>
      {formatMoney(value)}
    </Text>
  );
}
