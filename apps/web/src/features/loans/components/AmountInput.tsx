import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A peso amount: `$` prefix, ',' thousands, '.' decimals, at most 2 decimals, never negative. */
export function AmountInput(props: NumberInputProps) {
  return (
    <NumberInput
      prefix="$"
      thousandSeparator=","
      decimalSeparator="."
      decimalScale={2}
      fixedDecimalScale={false}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      autoComplete="off"
      {...props}
    />
  );
}

/** NumberInput gives a number, or a string while the text is not one yet ('' when empty → 0). */
export function amountValue(value: number | string): number {
  if (typeof value === 'number') return value;
  const trimmed = value.replace(/[$,\s]/g, '');
  if (trimmed === '') return 0;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : Number.NaN;
}
