import { type PaymentListItem, pendingPayments } from '@prestaya/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type NewPendingPayment, type PaymentQueue, paymentQueue } from '../../../lib/offline-queue.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { collectionsKeys, PAYMENT_CHANGE_KEYS } from './keys.ts';

/** How a 'Cobrar' ended. */
export type CollectOutcome =
  /** The server registered it (VALIDATING); `remaining` = what the loan still has to pay, when readable. */
  | { kind: 'sent'; payment: PaymentListItem; remaining: number | null }
  /** Kept on the phone as 'Pendiente de enviar': it goes out by itself when the signal returns. */
  | { kind: 'queued' }
  /** The server said no (already paid, loan changed): nothing was registered. */
  | { kind: 'refused'; detail: string }
  /** Another sender of this device got it through first (no reply to show a receipt from). */
  | { kind: 'sent-elsewhere' };

/**
 * 'Cobrar': the payment is written to the device's queue first (offline-queue.ts), then sent with its
 * Idempotency-Key unless the phone knows it is offline. A connection failure leaves it queued; a refusal
 * of this first attempt is told in the dialog, so it leaves the queue.
 */
export function useCollectPayment(queue: PaymentQueue = paymentQueue) {
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all(PAYMENT_CHANGE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  /** GET /loans/:id/pending-payments after the payment: its total is what remains to be paid. */
  const remainingOf = (loanId: string) =>
    queryClient
      .fetchQuery(
        apiQuery({
          read: pendingPayments.parse,
          queryKey: collectionsKeys.remaining(loanId),
          path: apiPaths.loanPendingPayments(loanId),
          staleTime: 0,
        }),
      )
      .then(
        (pending) => pending.total,
        () => null,
      );

  return async (payment: NewPendingPayment): Promise<CollectOutcome> => {
    const entry = await queue.enqueue(payment);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'queued' };
    const outcome = await queue.send(entry.key);
    switch (outcome.kind) {
      case 'pending':
        return { kind: 'queued' };
      case 'refused':
        await queue.discard(entry.key);
        void reload();
        return { kind: 'refused', detail: outcome.detail };
      case 'gone':
        void reload();
        return { kind: 'sent-elsewhere' };
      case 'sent': {
        const remaining = await remainingOf(payment.loanId);
        void reload();
        return { kind: 'sent', payment: outcome.reply, remaining };
      }
    }
  };
}
