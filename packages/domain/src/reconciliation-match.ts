import { daysBetween } from './calendar.ts';
import { findPaymentReferences, mentionsLoanNumber } from './payment-reference.ts';

/**
 * Bank statement reconciliation ('Conciliación'): which credit of a statement is which transfer payment
 * in validation. Pure: business dates 'YYYY-MM-DD', amounts in centavos.
 *
 * A pair is possible only when the amounts are equal and the line's date is within `windowDays` of the
 * payment's date (a transfer registered on Friday may be posted on Monday). Its confidence:
 * - HIGH ('Alta'): the line's concept or reference holds the loan's payment reference with valid check
 *   digits (payment-reference.ts);
 * - MEDIUM ('Media'): it holds the loan number alone, or the pair is the only possible one for both
 *   the line and the payment;
 * - LOW ('Baja'): anything else (equal amounts and dates shared with other lines or payments).
 * Each line and each payment is used at most once: pairs are taken tier by tier (HIGH first), inside a
 * tier the nearest dates first, then file order and payment id, so the same inputs give the same
 * answer. Uniqueness (MEDIUM) is judged among what the higher tiers left.
 */

export const DEFAULT_MATCH_WINDOW_DAYS = 3;
export const MATCH_WINDOW_DAYS_BOUNDS = { min: 0, max: 15 } as const;

export const MATCH_CONFIDENCES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type MatchConfidence = (typeof MATCH_CONFIDENCES)[number];

export interface StatementCredit {
  id: string;
  /** Its order in the statement, for a deterministic choice among equals. */
  position: number;
  date: string;
  amountCents: number;
  /** Concept and reference of the line, as the bank wrote them. */
  text: string;
}

export interface PaymentInValidation {
  id: string;
  loanNum: number;
  date: string;
  amountCents: number;
}

export interface StatementMatch {
  lineId: string;
  paymentId: string;
  confidence: MatchConfidence;
}

interface Candidate {
  line: StatementCredit;
  payment: PaymentInValidation;
  distance: number;
  hint: 'reference' | 'number' | 'none';
}

function candidates(
  lines: StatementCredit[],
  payments: PaymentInValidation[],
  windowDays: number,
): Candidate[] {
  const byAmount = new Map<number, PaymentInValidation[]>();
  for (const payment of payments) {
    const same = byAmount.get(payment.amountCents) ?? [];
    same.push(payment);
    byAmount.set(payment.amountCents, same);
  }
  const found: Candidate[] = [];
  for (const line of lines) {
    const references = findPaymentReferences(line.text);
    for (const payment of byAmount.get(line.amountCents) ?? []) {
      const distance = Math.abs(daysBetween(payment.date, line.date));
      if (distance > windowDays) continue;
      const hint = references.includes(payment.loanNum)
        ? 'reference'
        : mentionsLoanNumber(line.text, payment.loanNum)
          ? 'number'
          : 'none';
      found.push({ line, payment, distance, hint });
    }
  }
  return found.sort(
    (a, b) =>
      a.distance - b.distance ||
      a.line.position - b.line.position ||
      (a.payment.id < b.payment.id ? -1 : a.payment.id > b.payment.id ? 1 : 0),
  );
}

/** The pairs of a statement's credits with payments in validation, each side used once. */
export function matchStatement(
  lines: StatementCredit[],
  payments: PaymentInValidation[],
  windowDays: number = DEFAULT_MATCH_WINDOW_DAYS,
): StatementMatch[] {
  const all = candidates(lines, payments, windowDays);
  const usedLines = new Set<string>();
  const usedPayments = new Set<string>();
  const matches: StatementMatch[] = [];
  const free = (c: Candidate) => !usedLines.has(c.line.id) && !usedPayments.has(c.payment.id);
  const take = (c: Candidate, confidence: MatchConfidence) => {
    if (!free(c)) return;
    usedLines.add(c.line.id);
    usedPayments.add(c.payment.id);
    matches.push({ lineId: c.line.id, paymentId: c.payment.id, confidence });
  };

  for (const c of all) if (c.hint === 'reference') take(c, 'HIGH');
  for (const c of all) if (c.hint === 'number') take(c, 'MEDIUM');
  const rest = all.filter(free);
  const perLine = new Map<string, number>();
  const perPayment = new Map<string, number>();
  for (const c of rest) {
    perLine.set(c.line.id, (perLine.get(c.line.id) ?? 0) + 1);
    perPayment.set(c.payment.id, (perPayment.get(c.payment.id) ?? 0) + 1);
  }
  for (const c of rest) {
    if (perLine.get(c.line.id) === 1 && perPayment.get(c.payment.id) === 1) take(c, 'MEDIUM');
  }
  for (const c of rest) take(c, 'LOW');
  return matches;
}
