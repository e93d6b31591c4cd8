/**
 * Trivial PINs (docs/architecture.md "People and access"): a PIN is the only secret behind a public payment,
 * and the first guesses of anyone trying numbers are one repeated digit and runs. Refused: every digit the
 * same (0000, 111111) and runs where each digit is one more (1234, 456789) or one less (4321, 987654)
 * than the one before. Runs wrap around 9 → 0 as on a keypad's number row (7890, 8901, 1098, 0987):
 * they are just as easy to guess. 30 of the 10 000 four-digit PINs are refused.
 */
export const TRIVIAL_PIN_MESSAGE =
  'El PIN es demasiado fácil de adivinar: no use un mismo dígito repetido ni una secuencia como 1234 o 987654';

/** True for a PIN of digits that is one repeated digit or an ascending or descending run (wrapping). */
export function isTrivialPin(pin: string): boolean {
  if (!/^\d{2,}$/.test(pin)) return false;
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((digit, i) => (digit - (digits[i] as number) + 10) % 10));
  // One step size throughout: 0 is a repeated digit, 1 an ascending run, 9 (−1 mod 10) a descending one.
  if (steps.size !== 1) return false;
  const [step] = steps;
  return step === 0 || step === 1 || step === 9;
}
