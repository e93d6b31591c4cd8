import { useQueryClient } from '@tanstack/react-query';
import { type NewPendingVisit, type VisitQueue, visitQueue } from '../../../lib/visit-queue.ts';
import { PAYMENT_CHANGE_KEYS } from './keys.ts';

/** How a 'Visita' ended. */
export type VisitRecordOutcome =
  /** The server recorded it. */
  | { kind: 'sent' }
  /** Kept on the phone: it goes out by itself when the signal returns. */
  | { kind: 'queued' }
  /** The server said no (loan paid off, a bound): nothing was recorded. */
  | { kind: 'refused'; detail: string };

/**
 * 'Visita': written to the device's queue of visits first (lib/visit-queue.ts), then sent with its
 * Idempotency-Key unless the phone knows it is offline. A connection failure leaves it queued; a
 * refusal of this first attempt is told in the dialog, so it leaves the queue.
 */
export function useRecordVisit(queue: VisitQueue = visitQueue) {
  const queryClient = useQueryClient();
  // The card's last visit and the customer's history (under the customers root) change.
  const reload = () =>
    Promise.all(PAYMENT_CHANGE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  return async (visit: NewPendingVisit): Promise<VisitRecordOutcome> => {
    const entry = await queue.enqueue(visit);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'queued' };
    const outcome = await queue.send(entry.key);
    switch (outcome.kind) {
      case 'pending':
        return { kind: 'queued' };
      case 'refused':
        await queue.discard(entry.key);
        return { kind: 'refused', detail: outcome.detail };
      case 'gone':
      case 'sent':
        void reload();
        return { kind: 'sent' };
    }
  };
}
