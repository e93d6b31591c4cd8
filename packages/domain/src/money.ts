/**
 * Money rule (docs/architecture.md "Money and time"): the system stores and computes integer centavos. Pesos
 * (a JSON number with at most two decimals) exist only at the API boundary and on screen. These are the only
 * conversions, and `$12,345.50` is the one money format of the product.
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

const currency = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** `$12,345.50`, in es-MX pesos. */
export function formatPesos(pesosAmount: number): string {
  return currency.format(pesosAmount);
}

export function formatCents(cents: number): string {
  return currency.format(centsToPesos(cents));
}
