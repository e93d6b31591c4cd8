import { MAX_CENTS } from './money-format.ts';
import { z } from './zod.ts';

export * from './money-format.ts';

/**
 * Whole centavos, up to float noise (0.1 + 0.2). A non-zero amount under half a centavo (1e-9) is within
 * that noise of 0 centavos but is not 0: refused rather than silently stored as 0 (found by fuzzing).
 */
/**
 * Within a few ulps of a whole number of centavos: a float sum such as 0.1 + 0.2 passes, 1.00000001 does
 * not (it passed the old absolute 1e-6 tolerance on n × 100; found by fuzzing), and 0 must be exactly 0.
 */
const hasAtMostTwoDecimals = (n: number) => {
  const cents = Math.round(n * 100);
  if (cents === 0) return n === 0; // 1e-9 or 5e-324 is not "0.00"
  return Math.abs(n - cents / 100) <= 4 * Number.EPSILON * Math.abs(n);
};

/** A peso amount as sent by a client: finite, at most 2 decimals, within range. */
export const pesos = z
  .number({ error: 'Debe ser un monto en pesos' })
  .refine(Number.isFinite, 'Debe ser un monto en pesos')
  .refine(hasAtMostTwoDecimals, 'El monto admite como máximo 2 decimales')
  .refine((n) => Math.abs(n) * 100 <= MAX_CENTS, 'El monto es demasiado grande');

/** At least one centavo: 1e-9 passes the two-decimal tolerance yet is 0 centavos (found by fuzzing). */
export const positivePesos = pesos.refine((n) => Math.round(n * 100) >= 1, 'El monto debe ser mayor a 0');
