import type { PaymentMethod, PaymentStatus } from '@prestaya/contracts';
import { seesAllCustomers } from './customers.ts';

/**
 * 'Corte de caja': whose day a user may read, and the day's totals. Pure rules; the cash-close module
 * applies them to the payments an agent registered in one business day.
 */

export type CashCloseScope =
  | { ok: true; agentId: string }
  | { ok: false; refusal: 'cash_close.agent_required' | 'cash_close.own_only' };

/**
 * An administrator must name the agent whose day they read; an agent reads their own day only (naming
 * themself is the same as naming no one; naming another agent is refused).
 */
export function cashCloseScope(
  actor: { id: string; roles: readonly string[] },
  agentId: string | undefined,
): CashCloseScope {
  if (seesAllCustomers(actor)) {
    return agentId ? { ok: true, agentId } : { ok: false, refusal: 'cash_close.agent_required' };
  }
  if (agentId && agentId.toLowerCase() !== actor.id.toLowerCase()) {
    return { ok: false, refusal: 'cash_close.own_only' };
  }
  return { ok: true, agentId: actor.id };
}

export interface CashClosePaymentFigures {
  amountCents: number;
  status: PaymentStatus;
  paymentMethod: PaymentMethod;
}

export interface CashCloseTotals {
  /** CASH payments VALIDATING or PAID: the cash the agent hands in. */
  cashCents: number;
  /** CASH payments still VALIDATING: what 'Confirmar corte' confirms. */
  cashPendingCents: number;
  /** CASH payments already PAID. */
  cashConfirmedCents: number;
  /** TRANSFER payments VALIDATING or PAID: money that went to a bank, not to the agent's hands. */
  transferCents: number;
  /** Every payment of the day, rejected and cancelled ones included. */
  count: number;
}

/** The day's totals in whole centavos. A rejected or cancelled payment moves no money: it counts in none. */
export function cashCloseTotals(payments: readonly CashClosePaymentFigures[]): CashCloseTotals {
  const totals: CashCloseTotals = {
    cashCents: 0,
    cashPendingCents: 0,
    cashConfirmedCents: 0,
    transferCents: 0,
    count: payments.length,
  };
  for (const { amountCents, status, paymentMethod } of payments) {
    if (status !== 'VALIDATING' && status !== 'PAID') continue;
    if (paymentMethod === 'TRANSFER') {
      totals.transferCents += amountCents;
      continue;
    }
    totals.cashCents += amountCents;
    if (status === 'VALIDATING') totals.cashPendingCents += amountCents;
    else totals.cashConfirmedCents += amountCents;
  }
  return totals;
}
