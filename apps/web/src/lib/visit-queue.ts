import type { Visit, VisitOutcome } from '@prestaya/contracts';
import { centsToPesos } from '@prestaya/contracts/plain';
import { apiData, isApiError } from './api.ts';
import { isRecord } from './fetch-core.ts';
import { idempotencyHeader } from './idempotency.ts';
import { type KeyedStore, offlineStore, PENDING_VISITS_STORE } from './offline-db.ts';
import { BUSY, isRetryable, memoryLock, type SendLock } from './offline-queue.ts';
import { apiPaths } from './paths.ts';

/**
 * A visit recorded on the phone and not yet accepted by the server, beside the queued payments
 * (offline-queue.ts) and sent the same way: stored first in IndexedDB 'prestaya-offline', store
 * 'pending-visits', keyed by its Idempotency-Key, then sent with that key on every attempt (the
 * server answers a repeat with the visit it already has, whenever it comes). 'refused': the server
 * said no (4xx); `error` is its Spanish detail, shown on the card until the agent discards it.
 */
export interface PendingVisit {
  key: string;
  /** The signed-in user who made it. */
  agentId: string;
  loanId: string;
  loanNum: number;
  customerName: string;
  outcome: VisitOutcome;
  /** ISO instant on the phone: the visit's moment, sent as `visitedAt`. */
  visitedAt: string;
  promisedDate: string | null;
  promisedAmountCents: number | null;
  note: string | null;
  state: 'pending' | 'refused';
  error?: string;
}

export type NewPendingVisit = Omit<PendingVisit, 'state' | 'error'>;

export type VisitSendOutcome =
  | { kind: 'sent'; reply: Visit }
  | { kind: 'pending'; error: unknown }
  | { kind: 'refused'; detail: string }
  | { kind: 'gone' };

export interface VisitQueueDeps {
  store: KeyedStore<PendingVisit>;
  send: (entry: PendingVisit) => Promise<Visit>;
  lock: SendLock;
}

/** The queue of visits: the payment queue's rules (offline-queue.ts), for another kind of entry. */
export function createVisitQueue({ store, send, lock }: VisitQueueDeps) {
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };

  async function attempt(key: string): Promise<VisitSendOutcome> {
    const entry = await store.get(key);
    if (!entry) return { kind: 'gone' };
    if (entry.state === 'refused') return { kind: 'refused', detail: entry.error ?? '' };
    try {
      const reply = await send(entry);
      await store.delete(key);
      changed();
      return { kind: 'sent', reply };
    } catch (error) {
      if (isRetryable(error)) return { kind: 'pending', error };
      const detail = isApiError(error) ? error.detail : String(error);
      await store.put({ ...entry, state: 'refused', error: detail });
      changed();
      return { kind: 'refused', detail };
    }
  }

  const byAge = (a: PendingVisit, b: PendingVisit) => a.visitedAt.localeCompare(b.visitedAt);

  const queue = {
    /** The agent's entries, oldest first (pending and refused). */
    async list(agentId: string): Promise<PendingVisit[]> {
      return (await store.all()).filter((entry) => entry.agentId === agentId).sort(byAge);
    },
    /** Stores the visit before anything is sent, so closing the app at any moment loses nothing. */
    async enqueue(input: NewPendingVisit): Promise<PendingVisit> {
      const entry: PendingVisit = { ...input, state: 'pending' };
      await store.put(entry);
      changed();
      return entry;
    },
    /** Sends one entry now (the 'Visita' dialog), after any sender already running. */
    async send(key: string): Promise<VisitSendOutcome> {
      const outcome = await lock(() => attempt(key), 'wait');
      return outcome === BUSY ? { kind: 'pending', error: null } : outcome;
    },
    /** Sends the agent's pending entries, oldest first; stops at the first one kept for later. */
    async flush(agentId: string): Promise<{ sent: number; refused: number } | typeof BUSY> {
      return lock(async () => {
        const tally = { sent: 0, refused: 0 };
        for (const entry of await queue.list(agentId)) {
          if (entry.state !== 'pending') continue;
          const outcome = await attempt(entry.key);
          if (outcome.kind === 'pending') break;
          if (outcome.kind === 'sent') tally.sent += 1;
          if (outcome.kind === 'refused') tally.refused += 1;
        }
        return tally;
      }, 'skip');
    },
    /** 'Descartar' of a refused entry; a pending one waits for the signal. */
    async discard(key: string): Promise<boolean> {
      const entry = await store.get(key);
      if (entry?.state !== 'refused') return false;
      await store.delete(key);
      changed();
      return true;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed,
  };
  return queue;
}

export type VisitQueue = ReturnType<typeof createVisitQueue>;

/** The body of POST /loans/:id/visits for an entry. */
export function visitBody(entry: PendingVisit) {
  return {
    outcome: entry.outcome,
    visitedAt: entry.visitedAt,
    promisedDate: entry.promisedDate,
    promisedAmount: entry.promisedAmountCents === null ? null : centsToPesos(entry.promisedAmountCents),
    note: entry.note,
  };
}

/** Lenient on purpose, as the payments' reader: once the server answered 2xx the visit is recorded. */
function readRecordedVisit(body: unknown): Visit {
  if (!isRecord(body) || typeof body.id !== 'string')
    throw new Error('La respuesta de la visita no es válida');
  return body as Visit;
}

/** POST /api/v1/loans/:id/visits with the entry's key as Idempotency-Key. */
export function postPendingVisit(entry: PendingVisit): Promise<Visit> {
  return apiData.post(apiPaths.loanVisits(entry.loanId), readRecordedVisit, visitBody(entry), {
    headers: idempotencyHeader(entry.key),
  });
}

/**
 * One sender of visits across the device's tabs (its own lock: a visit never waits behind the
 * payments, nor they behind it); an in-memory chain where navigator.locks is missing.
 */
function visitLock(): SendLock {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return memoryLock();
  return (task, mode) =>
    locks.request('prestaya-offline-visits', { ifAvailable: mode === 'skip' }, (lock) =>
      lock ? task() : BUSY,
    );
}

/** The device's queue of visits: IndexedDB, the real API. */
export const visitQueue = createVisitQueue({
  store: {
    // Resolved on each call: the database may have been erased and recreated since.
    all: () => offlineStore<PendingVisit>(PENDING_VISITS_STORE).all(),
    get: (key) => offlineStore<PendingVisit>(PENDING_VISITS_STORE).get(key),
    put: (value) => offlineStore<PendingVisit>(PENDING_VISITS_STORE).put(value),
    delete: (key) => offlineStore<PendingVisit>(PENDING_VISITS_STORE).delete(key),
  },
  send: postPendingVisit,
  lock: visitLock(),
});
