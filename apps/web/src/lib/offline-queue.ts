import { centsToPesos, type PaymentListItem, type PaymentRequest } from '@prestaya/contracts';
import { apiData, isApiError } from './api.ts';
import { isRecord } from './fetch-core.ts';
import { idempotencyHeader } from './idempotency.ts';
import { type KeyedStore, offlineStore, PENDING_PAYMENTS_STORE } from './offline-db.ts';
import { apiPaths } from './paths.ts';
import { paymentFormData } from './payment-form-data.ts';

export { OFFLINE_DB_NAME, PENDING_PAYMENTS_STORE } from './offline-db.ts';

/**
 * A cash payment taken on the phone and not yet accepted by the server (docs/architecture.md "Field
 * collection (PWA)"), stored in IndexedDB 'prestaya-offline', store 'pending-payments', keyed by its
 * Idempotency-Key. 'refused': the server said no (4xx); `error` is its Spanish detail, shown on the
 * loan's card until the agent discards it.
 */
export interface PendingPayment {
  key: string;
  /** The signed-in user who took it. */
  agentId: string;
  loanId: string;
  loanNum: number;
  customerName: string;
  scheduledPaymentIds: string[];
  feeIds: string[];
  /** The preview the agent confirmed; the server computes the payment's amount from the ids. */
  amountCents: number;
  /**
   * An abono: `amountCents` is the amount itself, sent as the request's `abono` (no ids); the server
   * allocates it to the fines and installments oldest first when it arrives.
   */
  abono?: boolean;
  /** ISO timestamp of when it was stored on the phone (the queue's order). */
  createdAt: string;
  /**
   * ISO instant the agent took the cash ('Cobrar'), sent as the request's `collectedAt`: the server
   * keeps it as the payment's business date ('Corte de caja', reports) however late the phone syncs.
   * Entries an older app stored lack it; their createdAt is that same moment.
   */
  collectedAt?: string;
  state: 'pending' | 'refused';
  error?: string;
}

export type NewPendingPayment = Omit<PendingPayment, 'state' | 'error' | 'createdAt' | 'collectedAt'> & {
  /** When the cash was taken; the moment it is stored when not given. */
  collectedAt?: string;
};

/** What became of one entry's attempt. */
export type SendOutcome =
  | { kind: 'sent'; reply: PaymentListItem }
  /** Kept for later: no connection, server trouble or an expired session. */
  | { kind: 'pending'; error: unknown }
  | { kind: 'refused'; detail: string }
  /** Not in the queue any more: another sender got it through first. */
  | { kind: 'gone' };

/**
 * Whether a failed send may succeed later with the same key: no reply at all, an expired session
 * (the agent signs in again), a timeout, throttling or a server failure. Any other 4xx is the server's
 * answer about this payment (already paid, loan changed) and repeating it changes nothing.
 */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return [0, 401, 408, 425, 429].includes(error.status) || error.status >= 500;
}

export const BUSY = Symbol('busy');

/**
 * Runs `task` as the only sender: 'wait' queues behind the current one, 'skip' gives up (BUSY) when
 * one is running. navigator.locks holds across the tabs of the device; without it an in-memory chain
 * holds within this tab.
 */
export type SendLock = <T>(task: () => Promise<T>, mode: 'wait' | 'skip') => Promise<T | typeof BUSY>;

export function memoryLock(): SendLock {
  let tail: Promise<unknown> = Promise.resolve();
  let busy = false;
  return (task, mode) => {
    if (mode === 'skip' && busy) return Promise.resolve(BUSY);
    busy = true;
    const run = tail.then(async () => {
      busy = true;
      try {
        return await task();
      } finally {
        busy = false;
      }
    });
    tail = run.catch(() => undefined);
    return run;
  };
}

const LOCK_NAME = 'prestaya-offline-send';

export function deviceLock(): SendLock {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return memoryLock();
  return (task, mode) =>
    locks.request(LOCK_NAME, { ifAvailable: mode === 'skip' }, (lock) => (lock ? task() : BUSY));
}

export interface PaymentQueueDeps {
  store: KeyedStore<PendingPayment>;
  /** Registers the entry's payment, sending its key as Idempotency-Key; rejects with an ApiError. */
  send: (entry: PendingPayment) => Promise<PaymentListItem>;
  lock: SendLock;
  now?: () => Date;
}

export function createPaymentQueue({ store, send, lock, now = () => new Date() }: PaymentQueueDeps) {
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };

  /** One attempt at one entry; the caller holds the lock. Removed only after the server accepted it. */
  async function attempt(key: string): Promise<SendOutcome> {
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

  const byAge = (a: PendingPayment, b: PendingPayment) => a.createdAt.localeCompare(b.createdAt);

  const queue = {
    /** The agent's entries, oldest first (pending and refused). */
    async list(agentId: string): Promise<PendingPayment[]> {
      return (await store.all()).filter((entry) => entry.agentId === agentId).sort(byAge);
    },
    /** Stores the payment before anything is sent, so closing the app at any moment loses nothing. */
    async enqueue(input: NewPendingPayment): Promise<PendingPayment> {
      const createdAt = now().toISOString();
      const entry: PendingPayment = {
        ...input,
        createdAt,
        collectedAt: input.collectedAt ?? createdAt,
        state: 'pending',
      };
      await store.put(entry);
      changed();
      return entry;
    },
    /** Sends one entry now (the 'Cobrar' dialog), after any sender already running. */
    async send(key: string): Promise<SendOutcome> {
      const outcome = await lock(() => attempt(key), 'wait');
      return outcome === BUSY ? { kind: 'pending', error: null } : outcome;
    },
    /**
     * Sends the agent's pending entries, oldest first, unless a sender is already at it. Stops at the
     * first one kept for later: the connection is gone again, the rest would fail the same way.
     */
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
    /** 'Descartar' of a refused entry; a pending one is never dropped (its cash was taken). */
    async discard(key: string): Promise<boolean> {
      const entry = await store.get(key);
      if (entry?.state !== 'refused') return false;
      await store.delete(key);
      changed();
      return true;
    },
    /** Called after every change of the stored entries. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Tells the subscribers the entries may have changed (erased on sign-out). */
    changed,
  };
  return queue;
}

export type PaymentQueue = ReturnType<typeof createPaymentQueue>;

/** The `paymentRequest` of an entry: a CASH payment of its items or its abono, collected when the agent took it. */
export function pendingPaymentRequest(entry: PendingPayment): PaymentRequest {
  const collectedAt = entry.collectedAt ?? entry.createdAt;
  if (entry.abono) return { abono: centsToPesos(entry.amountCents), paymentMethod: 'CASH', collectedAt };
  return {
    scheduledPaymentIds: entry.scheduledPaymentIds,
    feeIds: entry.feeIds,
    paymentMethod: 'CASH',
    collectedAt,
  };
}

/** POST /api/v1/loans/:id/payments, CASH, with the entry's key as Idempotency-Key. */
export function postPendingPayment(entry: PendingPayment): Promise<PaymentListItem> {
  const request = pendingPaymentRequest(entry);
  return apiData.post(
    apiPaths.loanPayments(entry.loanId),
    readRegisteredPayment,
    paymentFormData({ request }),
    {
      headers: idempotencyHeader(entry.key),
    },
  );
}

/**
 * Lenient on purpose: once the server answered 2xx the payment is registered. A reply of a newer shape
 * (a phone still running an older app) must still count as sent, not keep the entry pending.
 */
const isRegisteredPayment = (body: unknown): body is PaymentListItem =>
  isRecord(body) && typeof body.id === 'string';

function readRegisteredPayment(body: unknown): PaymentListItem {
  if (!isRegisteredPayment(body)) throw new Error('La respuesta del pago no es válida');
  return body;
}

/** The device's queue: IndexedDB, the real API, one sender across the device's tabs. */
export const paymentQueue = createPaymentQueue({
  store: {
    // Resolved on each call: the database may have been erased and recreated since.
    all: () => offlineStore<PendingPayment>(PENDING_PAYMENTS_STORE).all(),
    get: (key) => offlineStore<PendingPayment>(PENDING_PAYMENTS_STORE).get(key),
    put: (value) => offlineStore<PendingPayment>(PENDING_PAYMENTS_STORE).put(value),
    delete: (key) => offlineStore<PendingPayment>(PENDING_PAYMENTS_STORE).delete(key),
  },
  send: postPendingPayment,
  lock: deviceLock(),
});
