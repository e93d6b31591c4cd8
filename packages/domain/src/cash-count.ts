/**
 * 'Contar efectivo': the cash an administrator counts when closing an agent's day, against the cash the
 * server expects. Pure; the cash-close module applies it when it records a close (one per agent and
 * business day), the web previews it while the amount is typed.
 */

/** Mexican peso bills and coins a count may list, largest first; a $20 exists as bill and as coin. */
export const CASH_DENOMINATIONS = [
  { key: 'B1000', cents: 100_000, kind: 'BILL' },
  { key: 'B500', cents: 50_000, kind: 'BILL' },
  { key: 'B200', cents: 20_000, kind: 'BILL' },
  { key: 'B100', cents: 10_000, kind: 'BILL' },
  { key: 'B50', cents: 5_000, kind: 'BILL' },
  { key: 'B20', cents: 2_000, kind: 'BILL' },
  { key: 'C20', cents: 2_000, kind: 'COIN' },
  { key: 'C10', cents: 1_000, kind: 'COIN' },
  { key: 'C5', cents: 500, kind: 'COIN' },
  { key: 'C2', cents: 200, kind: 'COIN' },
  { key: 'C1', cents: 100, kind: 'COIN' },
  { key: 'C050', cents: 50, kind: 'COIN' },
] as const;

export type DenominationKey = (typeof CASH_DENOMINATIONS)[number]['key'];
export const DENOMINATION_KEYS = CASH_DENOMINATIONS.map((d) => d.key) as [
  DenominationKey,
  ...DenominationKey[],
];

/** Pieces of one denomination a count may list (a whole number from 0). */
export const MAX_PIECES_PER_DENOMINATION = 100_000;

/** How many pieces of each denomination were counted; an absent key is none. */
export type DenominationCounts = Partial<Record<DenominationKey, number>>;

/**
 * The amount the pieces add up to, in centavos. A count that is not a whole number from 0 to
 * MAX_PIECES_PER_DENOMINATION is a caller's bug (the contracts refuse it first): RangeError.
 */
export function sumDenominations(counts: DenominationCounts): number {
  let cents = 0;
  for (const { key, cents: each } of CASH_DENOMINATIONS) {
    const pieces = counts[key] ?? 0;
    if (!Number.isSafeInteger(pieces) || pieces < 0 || pieces > MAX_PIECES_PER_DENOMINATION) {
      throw new RangeError(`Cantidad inválida de ${key}: ${pieces}`);
    }
    cents += pieces * each;
  }
  return cents;
}

/** Counted below the expected cash: money is missing; above it: there is more than there should be. */
export const CASH_COUNT_KINDS = ['FALTANTE', 'SOBRANTE'] as const;
export type CashCountKind = (typeof CASH_COUNT_KINDS)[number];

export interface CashCountDifference {
  /** counted − expected: negative when cash is missing. */
  differenceCents: number;
  /** null when the count matches. */
  kind: CashCountKind | null;
}

/** The difference of a count and its kind, in whole centavos. */
export function cashCountDifference(expectedCents: number, countedCents: number): CashCountDifference {
  for (const value of [expectedCents, countedCents]) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Centavos inválidos: ${value}`);
  }
  const differenceCents = countedCents - expectedCents;
  return {
    differenceCents,
    kind: differenceCents < 0 ? 'FALTANTE' : differenceCents > 0 ? 'SOBRANTE' : null,
  };
}

/** Why a count is refused; the server words each code (http/refusals.ts). */
export type CashCountRefusal = 'cash_count.note_required' | 'cash_count.denominations_mismatch';

export interface CashCountInput {
  expectedCents: number;
  countedCents: number;
  /** Optional detail of the counted cash; when given it must add up to `countedCents`. */
  denominations: DenominationCounts | null;
  /** Why the cash differs; required when it does. */
  note: string | null;
}

export type CashCountCheck = ({ ok: true } & CashCountDifference) | { ok: false; refusal: CashCountRefusal };

/**
 * The rules of recording a count: the pieces listed (if any) add up to the amount counted, and a
 * difference, either way, carries a note saying why.
 */
export function checkCashCount(input: CashCountInput): CashCountCheck {
  if (input.denominations && sumDenominations(input.denominations) !== input.countedCents) {
    return { ok: false, refusal: 'cash_count.denominations_mismatch' };
  }
  const difference = cashCountDifference(input.expectedCents, input.countedCents);
  if (difference.kind && !input.note?.trim()) return { ok: false, refusal: 'cash_count.note_required' };
  return { ok: true, ...difference };
}

/**
 * The running total of differences of closes listed oldest first: entry i is the sum of differences
 * 0..i (what the history shows beside each close; the server sums the same way in SQL).
 */
export function runningDifferences(differencesCents: readonly number[]): number[] {
  let total = 0;
  return differencesCents.map((difference) => {
    total += difference;
    return total;
  });
}
