/**
 * Early payoff ('Liquidación anticipada', docs/architecture.md "Early payoff"): what a borrower pays today
 * to close the loan. Pure: integer centavos and 'YYYY-MM-DD' business dates; the server prices the locked
 * rows with it and registers the payoff payment from the same quote, so what the screen shows is what is
 * charged.
 *
 * - Each unpaid installment (PENDING or DELAYED) counts for what remains of it: amount − paid − held.
 * - Interest not yet due: the installments due after today. The interest is flat, so every centavo of an
 *   installment carries the same share of interest: interest/(1 + interest) = interestBp/(10000 +
 *   interestBp). An installment's interest share is ⌊remaining × interestBp / (10000 + interestBp)⌋
 *   (a part already paid by an abono is taken to have paid principal and interest in that ratio too).
 * - The discount on it is ⌊share × discountBp / 10000⌋, per installment: both floors round in the
 *   lender's favour, so the discount never exceeds the exact figure and the sum of the lines is the
 *   quote to the centavo (a discount per line lets a rejection give each item back exactly).
 * - Pending fines (PENDING, what remains of each) are owed in full: the discount is on interest only.
 * - Quote = Σ remaining + Σ fines − Σ discount. Lines: fines first (oldest first, as given), then the
 *   installments oldest first; each line's cash amount is its remaining minus its discount.
 */

import type { FeeStatus } from './fee-status.ts';
import type { InstallmentStatus } from './installment-status.ts';

export const BP_ONE = 10_000;

export interface PayoffInstallment {
  id: string;
  paymentNumber: number;
  dueDate: string;
  status: InstallmentStatus;
  amountCents: number;
  paidCents: number;
  heldCents: number;
}

export interface PayoffFee {
  id: string;
  status: FeeStatus;
  amountCents: number;
  paidCents: number;
  heldCents: number;
}

export interface PayoffInput {
  /** The business day of the quote. */
  today: string;
  /** The loan's flat interest over the term (bp), as copied from its product. */
  interestBp: number;
  /** The loan's early-payoff discount (bp of the interest not yet due). */
  discountBp: number;
  installments: readonly PayoffInstallment[];
  /** The loan's fees, oldest first. */
  fees: readonly PayoffFee[];
}

export interface PayoffLine {
  kind: 'installment' | 'fee';
  id: string;
  /** What remained of the item before the payoff. */
  remainingCents: number;
  /** The part of remainingCents waived (interest not yet due × discount); 0 for fines. */
  discountCents: number;
  /** What the payoff pays in money: remainingCents − discountCents. */
  amountCents: number;
}

export interface PayoffQuote {
  today: string;
  /** Σ what remains of the unpaid installments. */
  installmentsCents: number;
  /** Σ what remains of the pending fines. */
  finesCents: number;
  /** Σ the interest share of the installments not yet due (after today). */
  interestNotDueCents: number;
  discountBp: number;
  discountCents: number;
  /** installmentsCents + finesCents − discountCents: the exact amount of the payoff payment. */
  quoteCents: number;
  lines: PayoffLine[];
}

export type PayoffRefusal = 'payoff.nothing_owed';

export type PayoffOutcome = { ok: true; quote: PayoffQuote } | { ok: false; refusal: PayoffRefusal };

const PAYABLE_INSTALLMENTS: readonly string[] = ['PENDING', 'DELAYED'];

const remainingOf = (item: { amountCents: number; paidCents: number; heldCents: number }) =>
  Math.max(0, item.amountCents - item.paidCents - item.heldCents);

function assertBp(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${what} inválido: ${value}`);
}

/** The interest carried by `cents` of a flat-interest installment, rounded down. */
export function interestShareCents(cents: number, interestBp: number): number {
  return Math.floor((cents * interestBp) / (BP_ONE + interestBp));
}

/** THE payoff quote of a loan on a day, or why there is none. */
export function quotePayoff(input: PayoffInput): PayoffOutcome {
  assertBp(input.interestBp, 'Interés');
  assertBp(input.discountBp, 'Descuento');
  if (input.discountBp > BP_ONE) throw new RangeError(`Descuento inválido: ${input.discountBp}`);
  const lines: PayoffLine[] = [];
  let finesCents = 0;
  for (const fee of input.fees) {
    if (fee.status !== 'PENDING') continue;
    const remaining = remainingOf(fee);
    if (remaining === 0) continue;
    finesCents += remaining;
    lines.push({
      kind: 'fee',
      id: fee.id,
      remainingCents: remaining,
      discountCents: 0,
      amountCents: remaining,
    });
  }
  let installmentsCents = 0;
  let interestNotDueCents = 0;
  let discountCents = 0;
  const installments = [...input.installments]
    .filter((i) => PAYABLE_INSTALLMENTS.includes(i.status))
    .sort((a, b) => a.paymentNumber - b.paymentNumber);
  for (const installment of installments) {
    const remaining = remainingOf(installment);
    if (remaining === 0) continue;
    const notDue = installment.dueDate > input.today;
    const interest = notDue ? interestShareCents(remaining, input.interestBp) : 0;
    const discount = Math.floor((interest * input.discountBp) / BP_ONE);
    installmentsCents += remaining;
    interestNotDueCents += interest;
    discountCents += discount;
    lines.push({
      kind: 'installment',
      id: installment.id,
      remainingCents: remaining,
      discountCents: discount,
      amountCents: remaining - discount,
    });
  }
  if (lines.length === 0) return { ok: false, refusal: 'payoff.nothing_owed' };
  return {
    ok: true,
    quote: {
      today: input.today,
      installmentsCents,
      finesCents,
      interestNotDueCents,
      discountBp: input.discountBp,
      discountCents,
      quoteCents: installmentsCents + finesCents - discountCents,
      lines,
    },
  };
}
