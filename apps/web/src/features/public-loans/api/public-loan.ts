import type { PublicLoanDetail } from '@prestaya/contracts';
import { useCallback, useEffect, useState } from 'react';
import { getPublicLoan, isTransientFailure } from './client.ts';

/** Tries after the first; the waits double from 1 s, as the lookup's (TanStack Query's defaults). */
const RETRIES = 2;

/** Resolves after `ms`, or at once when the page goes away. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Without signal nothing is sent: the statement waits, loading, until the phone is back online. */
const online = (signal: AbortSignal) =>
  navigator.onLine
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const done = () => {
          window.removeEventListener('online', done);
          resolve();
        };
        window.addEventListener('online', done);
        signal.addEventListener('abort', done, { once: true });
      });

async function loadWithRetries(id: string, signal: AbortSignal): Promise<PublicLoanDetail> {
  for (let attempt = 0; ; attempt++) {
    await online(signal);
    try {
      return await getPublicLoan(id, signal);
    } catch (error) {
      if (attempt >= RETRIES || !isTransientFailure(error) || signal.aborted) throw error;
      await pause(1000 * 2 ** attempt, signal);
    }
  }
}

interface Outcome {
  data?: PublicLoanDetail;
  error: unknown;
}

/**
 * GET /public/api/v1/loans/{id}: the statement page's only call, by hand rather than through TanStack
 * Query, whose ~11 KiB gzip the borrower's phone would download for this one read (bundle-budget spec).
 * Same states as a query: pending until the first answer, an error kept (with any earlier data) until
 * a `refetch` succeeds.
 */
export function usePublicLoan(id: string) {
  const [outcome, setOutcome] = useState<Outcome>({ error: null });
  const [round, setRound] = useState(0);

  useEffect(() => {
    void round; // each refetch is a new round of the same read
    const controller = new AbortController();
    loadWithRetries(id, controller.signal).then(
      (data) => !controller.signal.aborted && setOutcome({ data, error: null }),
      (error: unknown) =>
        !controller.signal.aborted && setOutcome((previous) => ({ data: previous.data, error })),
    );
    return () => controller.abort();
  }, [id, round]);

  const refetch = useCallback(() => setRound((value) => value + 1), []);
  const isError = outcome.error !== null;
  return { ...outcome, isError, isPending: !outcome.data && !isError, refetch };
}
