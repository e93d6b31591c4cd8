import { PasswordInput, TextInput } from '@mantine/core';
import type { Ref } from 'react';

/** Mexico's country code, which a pasted '+52 222 816 8001' carries before the 10 digits. */
const COUNTRY_CODE = '52';

/**
 * The digits of what was typed or pasted, at most `maxLength`; a phone longer than that loses a
 * leading country code first, so '+52 222 816 8001' is 2228168001, not 5222281680.
 */
export function digitsOf(raw: string, maxLength: number, phone = false): string {
  let digits = raw.replace(/\D/g, '');
  if (phone && digits.length > maxLength && digits.startsWith(COUNTRY_CODE)) digits = digits.slice(2);
  return digits.slice(0, maxLength);
}

/**
 * A number typed on a phone's keypad (loan number, phone, agent number, PIN): anything but digits is
 * dropped as it is typed or pasted. `secret` hides it like a password; `phone` drops a leading
 * country code. The length is cut here, not by the input's maxlength, which would cut a pasted
 * '222 816 8001' to '222 816 80' before its spaces are gone.
 *
 * Controlled (`value` and `onChange`), or uncontrolled (the form reads it through `ref` on submit): a
 * prerendered page's form must be uncontrolled, since hydrating a controlled input resets what the
 * visitor typed while the scripts were still loading.
 */
export function DigitsInput({
  label,
  ref,
  value,
  onChange,
  error,
  maxLength,
  autoComplete = 'off',
  required,
  secret = false,
  phone = false,
}: {
  label: string;
  ref?: Ref<HTMLInputElement>;
  value?: string;
  onChange?: (digits: string) => void;
  error?: string;
  maxLength: number;
  autoComplete?: string;
  required?: boolean;
  secret?: boolean;
  phone?: boolean;
}) {
  const Input = secret ? PasswordInput : TextInput;
  return (
    <Input
      label={label}
      inputMode="numeric"
      autoComplete={autoComplete}
      ref={ref}
      value={value}
      onChange={(e) => {
        const input = e.currentTarget;
        const digits = digitsOf(input.value, maxLength, phone);
        if (onChange) onChange(digits);
        else if (digits !== input.value) input.value = digits;
      }}
      error={error}
      required={required}
      {...(secret ? { visibilityToggleButtonProps: { 'aria-label': `Mostrar ${label}` } } : {})}
    />
  );
}
