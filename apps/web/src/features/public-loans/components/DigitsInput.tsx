import { PasswordInput, TextInput } from '@mantine/core';
import type { Ref } from 'react';

/**
 * A number typed on a phone's keypad (loan number, phone, agent number, PIN): anything but digits is
 * dropped as it is typed. `secret` hides it like a password.
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
        const digits = input.value.replace(/\D/g, '');
        if (onChange) onChange(digits);
        else if (digits !== input.value) input.value = digits;
      }}
      error={error}
      maxLength={maxLength}
      required={required}
      {...(secret ? { visibilityToggleButtonProps: { 'aria-label': `Mostrar ${label}` } } : {})}
    />
  );
}
