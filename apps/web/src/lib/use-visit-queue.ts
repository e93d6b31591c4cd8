import { useEffect, useRef, useState } from 'react';
import { BUSY } from './offline-queue.ts';
import { RETRY_EVERY_MS } from './use-offline-queue.ts';
import { type PendingVisit, type VisitQueue, visitQueue } from './visit-queue.ts';

const NOTHING_QUEUED: PendingVisit[] = [];

/** The agent's queued visits (pending and refused), oldest first, kept current as the queue changes. */
export function useQueuedVisits(agentId: string | undefined, queue: VisitQueue = visitQueue): PendingVisit[] {
  const [entries, setEntries] = useState<PendingVisit[]>(NOTHING_QUEUED);
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

/**
 * Sends the signed-in user's queued visits by themselves, as useOfflineSender does the payments: at
 * start, when the connection returns and every RETRY_EVERY_MS; `onSettled` after a round that sent or
 * refused something.
 */
export function useVisitSender(
  agentId: string | undefined,
  onSettled: () => void,
  queue: VisitQueue = visitQueue,
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
