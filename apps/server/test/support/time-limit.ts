/** A request (or other work) that went over its time limit. */
export class TimeLimitError extends Error {}

/**
 * `work`, failed with a message naming `what` once `ms` milliseconds pass without an answer, so a
 * request that never answers fails its test instead of stalling the run. A handler that blocks the
 * event loop cannot be interrupted this way: it is reported when it gives the loop back (elapsed time
 * is checked as well), and the loops themselves are bounded by construction (@prestaya/domain calendar.ts).
 */
export async function withinTimeLimit<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeLimitError(`${what}: sin respuesta en ${ms} ms`)), ms);
  });
  try {
    const result = await Promise.race([work, expired]);
    const elapsed = performance.now() - started;
    if (elapsed > ms) throw new TimeLimitError(`${what}: tardó ${Math.round(elapsed)} ms (límite ${ms} ms)`);
    return result;
  } finally {
    clearTimeout(timer);
  }
}
