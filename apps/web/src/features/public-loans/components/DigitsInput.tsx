import { PasswordInput, TextInput } from '@mantine/core';

/**
 * A number typed on a phone's keypad (loan number, phone, agent number, PIN): anything but digits is
 * dropped as it is typed. `secret` hides it like a password.
 */
export function DigitsInput({
  label,
  value,
  onChange,
  error,
  maxLength,
  autoComplete = 'off',
  required,
  secret = false,
}: {
  label: string;
  value: string;
  onChange: (digits: string) => void;
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
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, ''))}
      error={error}
      maxLength={maxLength}
      required={required}
    />
  );
}
