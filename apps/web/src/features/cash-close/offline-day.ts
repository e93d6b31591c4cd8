import { type CashClose, centsToPesos, pesosToCents } from '@prestaya/contracts';
import { businessDate } from '@prestaya/domain';
import type { PendingPayment } from '../../lib/offline-queue.ts';

/** A cash payment taken on this phone and not yet received by the server, as the corte lists it. */
export interface QueuedLine {
  key: string;
  /** ISO timestamp of when it was taken. */
  createdAt: string;
  loanNum: number;
  customerName: string;
  /** Pesos, like the server's figures. */
  amount: number;
}

/** The day as the agent reads it without signal: the server's figures as last loaded plus the queue. */
export interface DayWithQueue {
  day: CashClose;
  /** The server's totals with the queued cash added to the cash to hand in and to the count. */
  totals: CashClose['totals'];
  /** The queued payments of that business day, oldest first. */
  queued: QueuedLine[];
  /** Their sum in pesos: 'Pendiente de enviar'. */
  queuedTotal: number;
}

/**
 * The agent's corte without signal: the day the server last sent plus the cash payments still on the
 * phone that were taken that business day (in the business time zone). They are not in the server's
 * figures yet (the server has not received them), so adding them never counts one twice; refused ones
 * are left out (the server will not register them). Sums in centavos.
 */
export function withQueuedPayments(
  day: CashClose,
  entries: PendingPayment[],
  timeZone: string,
): DayWithQueue {
  // The day a collection belongs to is when the cash was taken, as the server will date it.
  const takenAt = (entry: PendingPayment) => entry.collectedAt ?? entry.createdAt;
  const queued = entries
    .filter(
      (entry) => entry.state === 'pending' && businessDate(new Date(takenAt(entry)), timeZone) === day.date,
    )
    .sort((a, b) => takenAt(a).localeCompare(takenAt(b)))
    .map((entry) => ({
      key: entry.key,
      createdAt: takenAt(entry),
      loanNum: entry.loanNum,
      customerName: entry.customerName,
      amount: centsToPesos(entry.amountCents),
    }));
  const queuedCents = entries
    .filter((entry) => queued.some((line) => line.key === entry.key))
    .reduce((sum, entry) => sum + entry.amountCents, 0);
  return {
    day,
    totals: {
      ...day.totals,
      cash: centsToPesos(pesosToCents(day.totals.cash) + queuedCents),
      count: day.totals.count + queued.length,
    },
    queued,
    queuedTotal: centsToPesos(queuedCents),
  };
}
