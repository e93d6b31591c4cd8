import { IDEMPOTENCY_KEY_HEADER } from '@prestaya/contracts/plain';
import { useRef } from 'react';

/**
 * A random Idempotency-Key (32 hex digits). getRandomValues, unlike crypto.randomUUID, also works on
 * a plain-http address inside the lender's network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const idempotencyHeader = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/**
 * One key per request the form means to send: a new one whenever any of `request` (the values that
 * make up what would be sent, compared with Object.is) changes, the same one for a retry of the same
 * request, so the server answers a repeat with the first reply instead of a second payment or a 409.
 */
export function useIdempotencyKey(...request: unknown[]): string {
  const last = useRef<{ request: unknown[]; key: string } | null>(null);
  const same =
    last.current !== null &&
    last.current.request.length === request.length &&
    last.current.request.every((value, i) => Object.is(value, request[i]));
  if (!same || !last.current) last.current = { request, key: newIdempotencyKey() };
  return last.current.key;
}

/**
 * Runs `send` unless the previous one is still running. A double click fires both clicks before React
 * re-renders the button as loading, so a flag in state comes too late; a ref is set at once.
 */
export function useOneAtATime() {
  const busy = useRef(false);
  return async (send: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await send();
    } finally {
      busy.current = false;
    }
  };
}
