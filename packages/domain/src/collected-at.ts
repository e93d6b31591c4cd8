/**
 * When a payment was collected (docs/product.md "Cobranza sin señal"): the phone that took the cash
 * says when, and the server keeps that instant as the payment's business date (its 'Corte de caja'
 * day, its day in the reports), however late the phone synced. It is accepted only within bounds: a
 * phone clock a little ahead is tolerated (`maxSkewMinutes`), a later instant is refused, and so is
 * one older than `maxAgeDays` × 24 h (a day already closed long ago is not reopened by a late sync).
 */

/** Why a collection instant is refused; the server words each code (http/refusals.ts). */
export type CollectedAtRefusal = 'payment.collected_in_future' | 'payment.collected_too_old';

export interface CollectedAtLimits {
  /** How far ahead of the server's clock a phone's clock may run, in minutes. */
  maxSkewMinutes: number;
  /** How long ago a collection may have happened, in days of 24 h. */
  maxAgeDays: number;
}

export const DEFAULT_COLLECTED_AT_LIMITS: CollectedAtLimits = { maxSkewMinutes: 5, maxAgeDays: 7 };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Whether `collectedAt` may be kept as the collection's instant, the server's clock reading `now`. */
export function checkCollectedAt(
  collectedAt: Date,
  now: Date,
  limits: CollectedAtLimits,
): { ok: true } | { ok: false; refusal: CollectedAtRefusal } {
  const at = collectedAt.getTime();
  if (at > now.getTime() + limits.maxSkewMinutes * MINUTE_MS) {
    return { ok: false, refusal: 'payment.collected_in_future' };
  }
  if (at < now.getTime() - limits.maxAgeDays * DAY_MS) {
    return { ok: false, refusal: 'payment.collected_too_old' };
  }
  return { ok: true };
}
