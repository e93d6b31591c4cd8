/**
 * 'Corte de caja': the day's totals. A pure rule; the cash-close module applies it to the payments an
 * agent registered in one business day (whose day a user may read is the server's access rule).
 */

export interface CashClosePaymentFigures {
  amountCents: number;
  /** The payment's status (PAID, VALIDATING, REJECTED, CANCELLED). */
  status: string;
  /** CASH or TRANSFER. */
  paymentMethod: string;
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
