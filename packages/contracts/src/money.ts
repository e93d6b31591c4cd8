import { MAX_CENTS } from './money-format.ts';
import { z } from './zod.ts';

export * from './money-format.ts';

/**
 * Exactly a whole number of centavos: the double a client's "12.34" parses to is the double k / 100
 * gives back (k = the amount × 100, rounded), for every amount in range. Anything else is refused. An
 * absolute tolerance on n × 100 (say 1e-6) would let 1e-9, 5e-324, 1.00000001 and 1048576.000000001
 * through; a float sum such as 0.1 + 0.2 is refused too.
 */
const hasAtMostTwoDecimals = (n: number) => Math.round(n * 100) / 100 === n;

/** A peso amount as sent by a client: finite, at most 2 decimals, within range. */
export const pesos = z
  .number({ error: 'Debe ser un monto en pesos' })
  .refine(Number.isFinite, 'Debe ser un monto en pesos')
  .refine(hasAtMostTwoDecimals, 'El monto admite como máximo 2 decimales')
  .refine((n) => Math.abs(n) * 100 <= MAX_CENTS, 'El monto es demasiado grande');

/** At least one centavo. */
export const positivePesos = pesos.refine((n) => Math.round(n * 100) >= 1, 'El monto debe ser mayor a 0');
