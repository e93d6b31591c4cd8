import { installmentAmountsCents } from './loan-policy.ts';
import type { OpenLoanStatus } from './loan-status.ts';

/**
 * Portfolio risk: days past due, DPD buckets and portfolio at risk. Pure: integer centavos and
 * 'YYYY-MM-DD' business dates in, figures out. modules/reports/portfolio.ts only gathers the rows.
 *
 * Definitions (one place):
 * - Unpaid installment: status PENDING, DELAYED or VALIDATING — what currentBalance still counts as
 *   owed (loan-balance.ts); money in validation is not collected until it is confirmed.
 * - Days past due (DPD) of a loan = business today − due date of its OLDEST unpaid installment whose
 *   due date is before today; 0 when it has none. An installment due yesterday is 1 day past due.
 * - Outstanding principal of a loan = Σ principal of its unpaid installments. Installments store only
 *   their amount (principal + flat interest), so the principal of installment k is its share of the
 *   loan amount split exactly as the schedule splits the total (@prestaya/domain installmentAmountsCents):
 *   ⌊amount ÷ term⌋ each, the last one absorbing the remainder, so the shares sum to the amount and
 *   a loan with nothing repaid has its whole amount outstanding.
 * - Partial payments (abono.ts): what confirmed payments paid of a still-unpaid installment
 *   (its paidCents) is split between principal and interest in the installment's own proportions:
 *   its principal part is ⌊paid × principal_k ÷ amount_k⌋ (abonoPrincipalCents), interest taking the
 *   rest, so a flat-interest installment half paid has half its principal paid. That part is no
 *   longer outstanding. What a payment in validation only holds is still outstanding (it is still
 *   owed, as in currentBalance) until it is confirmed; a rejected payment never paid anything. The
 *   loan's Σ of those parts over its unpaid installments is kept on the loan (loans.abono_principal_cents,
 *   by the trigger that keeps its unpaid figures) and passed here as `abonoPrincipalCents`.
 * - PAR X = Σ outstanding principal of the loans with DPD > X (strictly: a loan exactly X days past
 *   due is not in PAR X) ÷ Σ outstanding principal of every ACTIVE and DELAYED loan; 0 when that
 *   portfolio is empty. The whole outstanding principal of a loan at risk counts, not only the late part.
 * - Buckets by DPD: 1–7, 8–30, 31–60, 61+ (DPD_BUCKETS below); DPD 0 is in no bucket.
 * - A restructured loan (modules/loans/restructure.ts) is counted apart: not among the active or
 *   delayed loans but as restructured, its balance and principal also summed on their own. It stays in
 *   the outstanding figures, PAR and the buckets (what it owes is still at risk). Its installments are
 *   the restructuring's, so its principal is the principal outstanding when it was restructured, split
 *   over the new installments exactly as a schedule splits an amount (amountCents and termWeeks of its
 *   facts are that principal and that count, lastInstallmentUnpaid its last new installment).
 */

/** Days-past-due buckets of the portfolio: 1–7, 8–30, 31–60, 61+. */
export const DPD_BUCKETS = [
  { key: '1-7', label: '1–7 días', min: 1, max: 7 },
  { key: '8-30', label: '8–30 días', min: 8, max: 30 },
  { key: '31-60', label: '31–60 días', min: 31, max: 60 },
  { key: '61+', label: '61+ días', min: 61, max: null },
] as const;
export type DpdBucketKey = (typeof DPD_BUCKETS)[number]['key'];

/** The PAR thresholds the portfolio report shows. */
export const PAR_DAYS = [1, 7, 30] as const;

/**
 * A group of identical ACTIVE/DELAYED loans as the database knows them. `loans` identical loans share
 * one row (the queries group them so 200,000 loans travel as a few thousand rows);
 * `currentBalanceCents` is their sum.
 */
export interface LoanRiskFacts {
  status: OpenLoanStatus;
  amountCents: number;
  termWeeks: number;
  /** Unpaid installments (PENDING, DELAYED, VALIDATING) of each loan of the row. */
  unpaidInstallments: number;
  /** Whether the last installment (k = term), the one holding the rounding remainder, is unpaid. */
  lastInstallmentUnpaid: boolean;
  /** Due date of the oldest unpaid installment due before today; null when none is. */
  oldestOverdueDueDate: string | null;
  /** How many loans the row stands for (≥ 1). */
  loans: number;
  /**
   * Principal part of what confirmed payments paid of the unpaid installments of each loan of the row
   * (Σ abonoPrincipalCents over them; absent: 0).
   */
  abonoPrincipalCents?: number;
  /** Σ currentBalance of the row's loans. */
  currentBalanceCents: number;
  /** Restructured loans, counted apart (absent: false). */
  restructured?: boolean;
}

/**
 * What the report needs of a group of ACTIVE/DELAYED loans: their standing, their oldest overdue due
 * date, and the sums. Loans of any amount and term share a row when these agree (the portfolio tally
 * keeps Σ outstanding principal, so its rows do not multiply with the variety of loans).
 */
export interface LoanRiskRow {
  status: OpenLoanStatus;
  oldestOverdueDueDate: string | null;
  loans: number;
  currentBalanceCents: number;
  /** Σ outstandingPrincipalCents of the row's loans. */
  outstandingPrincipalCents: number;
  /** Restructured loans, counted apart (absent: false). */
  restructured?: boolean;
}

export interface ParResult {
  days: number;
  atRiskCents: number;
  outstandingCents: number;
  ratio: number;
  loans: number;
}

export interface BucketResult {
  key: DpdBucketKey;
  label: string;
  loans: number;
  principalCents: number;
}

export interface PortfolioRisk {
  /** Active and delayed loans not restructured, and restructured loans (whatever their status). */
  loans: { active: number; delayed: number; restructured: number };
  /** Σ balance and Σ outstanding principal of the restructured loans (also in the totals below). */
  restructuredBalanceCents: number;
  restructuredPrincipalCents: number;
  outstandingBalanceCents: number;
  outstandingPrincipalCents: number;
  par: ParResult[];
  buckets: BucketResult[];
}

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(ms)) throw new RangeError(`Fecha inválida: ${date}`);
  return ms / DAY_MS;
}

/** DPD: days from the oldest overdue due date to today; 0 without one (or if it is not before today). */
export function daysPastDue(oldestOverdueDueDate: string | null, today: string): number {
  if (oldestOverdueDueDate === null) return 0;
  return Math.max(0, dayNumber(today) - dayNumber(oldestOverdueDueDate));
}

/** The DPD bucket of a loan; null for a loan that is not past due (DPD 0). */
export function dpdBucket(dpd: number): DpdBucketKey | null {
  const bucket = DPD_BUCKETS.find((b) => dpd >= b.min && (b.max === null || dpd <= b.max));
  return bucket?.key ?? null;
}

/**
 * The principal of installment `number` (1-based) of a schedule of `amountCents` over `termWeeks`
 * installments whose last is `lastNumber` (a restructuring numbers its installments after the old ones):
 * ⌊amount ÷ term⌋, the last one absorbing the remainder.
 */
export function installmentPrincipalCents(
  amountCents: number,
  termWeeks: number,
  number: number,
  lastNumber = termWeeks,
): number {
  const shares = installmentAmountsCents(amountCents, termWeeks);
  return (number === lastNumber ? shares[termWeeks - 1] : shares[0]) ?? 0;
}

/**
 * The principal part of what was paid of ONE still-unpaid installment: its paid part in the
 * installment's own principal ÷ amount proportion, rounded down (interest takes the rounding), so it
 * is never above the installment's principal and 0 when nothing is paid. BigInt: paid × principal
 * may pass 2^53.
 */
export function abonoPrincipalCents(
  paidCents: number,
  installmentAmountCents: number,
  installmentPrincipalCents: number,
): number {
  if (installmentAmountCents <= 0 || paidCents <= 0) return 0;
  const paid = Math.min(paidCents, installmentAmountCents);
  return Number((BigInt(paid) * BigInt(installmentPrincipalCents)) / BigInt(installmentAmountCents));
}

/** Outstanding principal of ONE loan of the row (see the definition above). */
export function outstandingPrincipalCents(
  row: Pick<
    LoanRiskFacts,
    'amountCents' | 'termWeeks' | 'unpaidInstallments' | 'lastInstallmentUnpaid' | 'abonoPrincipalCents'
  >,
): number {
  const { amountCents, termWeeks, unpaidInstallments, lastInstallmentUnpaid } = row;
  if (!Number.isInteger(unpaidInstallments) || unpaidInstallments < 0 || unpaidInstallments > termWeeks) {
    throw new RangeError(`Pagos pendientes inválidos: ${unpaidInstallments} de ${termWeeks}`);
  }
  if (unpaidInstallments === 0) return 0;
  const shares = installmentAmountsCents(amountCents, termWeeks);
  const base = shares[0] ?? 0;
  const last = shares[termWeeks - 1] ?? 0;
  const scheduled = lastInstallmentUnpaid
    ? (unpaidInstallments - 1) * base + last
    : unpaidInstallments * base;
  // Each installment's paid principal is at most its principal, so this stays ≥ 0 for facts the
  // database keeps; the clamp guards facts out of step.
  return Math.max(0, scheduled - (row.abonoPrincipalCents ?? 0));
}

/** A group of loans as the report needs it: the principal of one loan times how many there are. */
export function loanRiskRow(facts: LoanRiskFacts): LoanRiskRow {
  return {
    status: facts.status,
    oldestOverdueDueDate: facts.oldestOverdueDueDate,
    loans: facts.loans,
    currentBalanceCents: facts.currentBalanceCents,
    outstandingPrincipalCents: outstandingPrincipalCents(facts) * facts.loans,
    ...(facts.restructured ? { restructured: true } : {}),
  };
}

/**
 * The days past due at which a loan changes class: two loans whose DPD no cut point separates
 * (none c with min < c ≤ max) are in the same PAR numerators and the same bucket, so a query may
 * group them and send one of their due dates for all. Ascending.
 */
export function dpdCutPoints(parDays: readonly number[] = PAR_DAYS): number[] {
  const cuts = new Set<number>([
    ...parDays.map((days) => days + 1),
    ...DPD_BUCKETS.flatMap((b) => (b.max === null ? [b.min] : [b.min, b.max + 1])),
  ]);
  return [...cuts].sort((a, b) => a - b);
}

/** atRisk ÷ outstanding as a fraction; 0 for an empty portfolio. */
export function parRatio(atRiskCents: number, outstandingCents: number): number {
  return outstandingCents === 0 ? 0 : atRiskCents / outstandingCents;
}

/** Every figure of the portfolio report from the loan rows, as of the business day `today`. */
export function portfolioRisk(
  rows: readonly LoanRiskRow[],
  today: string,
  parDays: readonly number[] = PAR_DAYS,
): PortfolioRisk {
  dayNumber(today);
  const loans = { active: 0, delayed: 0, restructured: 0 };
  let restructuredBalanceCents = 0;
  let restructuredPrincipalCents = 0;
  let balanceCents = 0;
  let principalCents = 0;
  const par = parDays.map((days) => ({ days, atRiskCents: 0, loans: 0 }));
  const buckets = new Map<DpdBucketKey, { loans: number; principalCents: number }>(
    DPD_BUCKETS.map((b) => [b.key, { loans: 0, principalCents: 0 }]),
  );

  for (const row of rows) {
    if (row.restructured) {
      loans.restructured += row.loans;
      restructuredBalanceCents += row.currentBalanceCents;
      restructuredPrincipalCents += row.outstandingPrincipalCents;
    } else if (row.status === 'ACTIVE') loans.active += row.loans;
    else loans.delayed += row.loans;
    balanceCents += row.currentBalanceCents;
    const rowPrincipal = row.outstandingPrincipalCents;
    principalCents += rowPrincipal;

    const dpd = daysPastDue(row.oldestOverdueDueDate, today);
    for (const figure of par) {
      if (dpd > figure.days) {
        figure.atRiskCents += rowPrincipal;
        figure.loans += row.loans;
      }
    }
    const key = dpdBucket(dpd);
    const bucket = key ? buckets.get(key) : undefined;
    if (bucket) {
      bucket.loans += row.loans;
      bucket.principalCents += rowPrincipal;
    }
  }

  return {
    loans,
    restructuredBalanceCents,
    restructuredPrincipalCents,
    outstandingBalanceCents: balanceCents,
    outstandingPrincipalCents: principalCents,
    par: par.map((figure) => ({
      ...figure,
      outstandingCents: principalCents,
      ratio: parRatio(figure.atRiskCents, principalCents),
    })),
    buckets: DPD_BUCKETS.map((b) => ({
      key: b.key,
      label: b.label,
      loans: buckets.get(b.key)?.loans ?? 0,
      principalCents: buckets.get(b.key)?.principalCents ?? 0,
    })),
  };
}
