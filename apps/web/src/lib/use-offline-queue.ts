import { useEffect, useRef, useState } from 'react';
import { BUSY, type PaymentQueue, type PendingPayment, paymentQueue } from './offline-queue.ts';

/** How often the queue is retried while payments wait and the device believes it is online. */
export const RETRY_EVERY_MS = 30_000;

/** The agent's queued payments (pending and refused), oldest first, kept current as the queue changes. */
export function useQueuedPayments(agentId: string | undefined, queue: PaymentQueue = paymentQueue) {
  const [entries, setEntries] = useState<PendingPayment[]>([]);
  useEffect(() => {
    if (!agentId) {
      setEntries([]);
      return;
    }
    let live = true;
    const load = () =>
      void queue.list(agentId).then(
        (list) => live && setEntries(list),
        () => live && setEntries([]),
      );
    load();
    const off = queue.subscribe(load);
    return () => {
      live = false;
      off();
    };
  }, [agentId, queue]);
  return entries;
}

/**
 * Sends the signed-in user's queued payments by itself: when the app starts, when the connection
 * returns and every RETRY_EVERY_MS while any wait. `onSettled` runs after a round that sent or refused
 * something (the screens reload what the server now says).
 */
export function useOfflineSender(
  agentId: string | undefined,
  onSettled: () => void,
  queue: PaymentQueue = paymentQueue,
) {
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => {
    if (!agentId) return;
    let live = true;
    const flush = async () => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
      const tally = await queue.flush(agentId).catch((): typeof BUSY => BUSY);
      if (live && tally !== BUSY && tally.sent + tally.refused > 0) settled.current();
    };
    void flush();
    window.addEventListener('online', flush);
    const timer = window.setInterval(() => void flush(), RETRY_EVERY_MS);
    return () => {
      live = false;
      window.removeEventListener('online', flush);
      window.clearInterval(timer);
    };
  }, [agentId, queue]);
}
