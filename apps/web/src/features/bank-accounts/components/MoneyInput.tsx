import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A peso amount: `$` prefix, ',' thousands, '.' decimals, at most 2 decimals, never negative. */
export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      prefix="$"
      thousandSeparator=","
      decimalSeparator="."
      decimalScale={2}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      autoComplete="off"
      {...props}
    />
  );
}

/** NumberInput gives a number, or a string while the text is not one yet ('' when empty). */
export function amountValue(value: number | string): number | undefined {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed.replace(/[$,]/g, ''));
  return Number.isFinite(n) ? n : Number.NaN;
}
