/**
 * Renewal ('Renovación', docs/architecture.md "Early payoff and renewal"): a new loan for a customer
 * whose loan in progress has reached its renewal threshold. Pure. Delivering the new loan settles the
 * old loan's payoff quote (payoff.ts) from the new amount; the borrower receives only the difference.
 */

import { isOpenStatus } from './loan-status.ts';

export interface RenewalInput {
  /** The renewed loan's status: it must be open (ACTIVE or DELAYED). */
  status: string;
  /** Installments of the renewed loan already PAID. */
  paidInstallments: number;
  /** The renewed loan's renewal threshold (installments paid), copied from its product. */
  threshold: number;
  /** The new loan's amount. */
  amountCents: number;
  /** The renewed loan's payoff quote today (payoff.ts quoteCents). */
  payoffCents: number;
}

export type RenewalRefusal =
  | 'renewal.loan_not_open'
  | 'renewal.threshold_not_reached'
  | 'renewal.amount_short';

export type RenewalOutcome = { ok: true; cashCents: number } | { ok: false; refusal: RenewalRefusal };

/** Whether the renewal may go ahead and the cash handed over: amount − payoff. */
export function checkRenewal(input: RenewalInput): RenewalOutcome {
  if (!isOpenStatus(input.status)) return { ok: false, refusal: 'renewal.loan_not_open' };
  if (input.paidInstallments < input.threshold)
    return { ok: false, refusal: 'renewal.threshold_not_reached' };
  if (input.amountCents < input.payoffCents) return { ok: false, refusal: 'renewal.amount_short' };
  return { ok: true, cashCents: input.amountCents - input.payoffCents };
}
