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

/**
 * The number a MoneyInput holds. NumberInput gives a number, or a string while the text is not one
 * yet. An empty field is `undefined` — never a silent 0 — so each form says what empty means for it
 * (`?? 0` where an empty amount is zero, a 'required' message where it must be typed); text that is
 * not a number is NaN, which the contracts' schemas refuse.
 */
export function amountValue(value: number | string): number | undefined {
  if (typeof value === 'number') return value;
  const digits = value.replace(/[$,\s]/g, '');
  if (digits === '') return undefined;
  const n = Number(digits);
  return Number.isFinite(n) ? n : Number.NaN;
}
