import { z } from './zod.ts';

/**
 * Money rule (domain.md): the system stores and computes integer centavos. Pesos (a JSON number with
 * at most two decimals) exist only at the API boundary and on screen. These are the only conversions.
 */
export function pesosToCents(pesos: number): number {
  const cents = Math.round(pesos * 100);
  if (!Number.isSafeInteger(cents) || Math.abs(pesos * 100 - cents) > 1e-6) {
    throw new RangeError(`Monto inválido: ${pesos}`);
  }
  return cents;
}

export function centsToPesos(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Centavos inválidos: ${cents}`);
  return cents / 100;
}

/** Largest amount the system accepts in one field: $100,000,000.00. */
export const MAX_CENTS = 10_000_000_000;

const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** A peso amount as sent by a client: finite, at most 2 decimals, within range. */
export const pesos = z
  .number({ error: 'Debe ser un monto en pesos' })
  .refine(Number.isFinite, 'Debe ser un monto en pesos')
  .refine(hasAtMostTwoDecimals, 'El monto admite como máximo 2 decimales')
  .refine((n) => Math.abs(n) * 100 <= MAX_CENTS, 'El monto es demasiado grande');

export const positivePesos = pesos.refine((n) => n > 0, 'El monto debe ser mayor a 0');

const currency = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** `$12,345.50` — the one money format of the product (domain.md "Display"). */
export function formatPesos(pesosAmount: number): string {
  return currency.format(pesosAmount);
}

export function formatCents(cents: number): string {
  return currency.format(centsToPesos(cents));
}
