import { useEffect, useRef, useState } from 'react';
import { BUSY, type PaymentQueue, type PendingPayment, paymentQueue } from './offline-queue.ts';

/** How often the queue is retried while payments wait and the device believes it is online. */
export const RETRY_EVERY_MS = 30_000;

const NOTHING_QUEUED: PendingPayment[] = [];

/**
 * The agent's queued payments (pending and refused), oldest first, kept current as the queue changes;
 * undefined until the device's queue has been read once.
 */
function useQueueEntries(agentId: string | undefined, queue: PaymentQueue) {
  const [entries, setEntries] = useState<PendingPayment[] | undefined>(undefined);
  useEffect(() => {
    if (!agentId) {
      setEntries(NOTHING_QUEUED);
      return;
    }
    let live = true;
    const load = () =>
      void queue.list(agentId).then(
        (list) => live && setEntries(list),
        () => live && setEntries(NOTHING_QUEUED),
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

/** The agent's queued payments (pending and refused), oldest first, kept current as the queue changes. */
export function useQueuedPayments(agentId: string | undefined, queue: PaymentQueue = paymentQueue) {
  return useQueueEntries(agentId, queue) ?? NOTHING_QUEUED;
}

export interface QueueCounts {
  /** Still on the device, to be sent when the signal returns. */
  pending: number;
  /** Sent and refused by the server: the agent reviews and discards them in Cobranza. */
  refused: number;
}

/** How many of the agent's payments the device still holds, by state; undefined until it is read. */
export function useQueueCounts(
  agentId: string | undefined,
  queue: PaymentQueue = paymentQueue,
): QueueCounts | undefined {
  const entries = useQueueEntries(agentId, queue);
  if (!entries) return undefined;
  const refused = entries.filter((entry) => entry.state === 'refused').length;
  return { pending: entries.length - refused, refused };
}

/**
 * Sends the signed-in user's queued payments by itself: when the app starts, when the connection
 * returns and every RETRY_EVERY_MS while any wait. `onSettled` runs after a round that sent or refused
 * something, with how many (the screens reload what the server now says; the shell tells the agent).
 */
export function useOfflineSender(
  agentId: string | undefined,
  onSettled: (tally: { sent: number; refused: number }) => void,
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
      if (live && tally !== BUSY && tally.sent + tally.refused > 0) settled.current(tally);
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
