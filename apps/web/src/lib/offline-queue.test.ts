import type { PaymentListItem } from '@prestaya/contracts';
import { describe, expect, it, vi } from 'vitest';
import { paymentReply, takenPayment } from '../test/fixtures.ts';
import { json, mockServer } from '../test/utils.tsx';
import { ApiError } from './api.ts';
import { memoryStore } from './offline-db.ts';
import {
  BUSY,
  createPaymentQueue,
  isRetryable,
  memoryLock,
  type PendingPayment,
  pendingPaymentRequest,
  postPendingPayment,
} from './offline-queue.ts';

const AGENT = 'agent-1';
const OTHER_AGENT = 'agent-2';

const taken = (n: number, agentId = AGENT) => takenPayment(n, { agentId });

const reply = (entry: PendingPayment) => ({ id: `pay-${entry.key}` }) as PaymentListItem;
const offline = () => new ApiError(0, 'No se pudo conectar con el servidor. Verifique su conexión.');

/** A queue on a Map, with a clock that ticks a second per payment so the order is the taking order. */
function queueWith(send: (entry: PendingPayment) => Promise<PaymentListItem>) {
  const store = memoryStore<PendingPayment>((entry) => entry.key);
  let second = 0;
  const now = () => new Date(Date.UTC(2026, 2, 18, 15, 0, second++));
  const sendMock = vi.fn(send);
  const queue = createPaymentQueue({ store, send: sendMock, lock: memoryLock(), now });
  return { queue, store, send: sendMock, keysSent: () => sendMock.mock.calls.map(([entry]) => entry.key) };
}

describe('offline payment queue', () => {
  it('stores a payment before sending it and lists only the signed-in agent’s, oldest first', async () => {
    const { queue, send } = queueWith(async (entry) => reply(entry));
    await queue.enqueue(taken(2));
    await queue.enqueue(taken(1));
    await queue.enqueue(taken(3, OTHER_AGENT));

    const listed = await queue.list(AGENT);
    expect(listed.map((entry) => [entry.key, entry.state])).toEqual([
      ['key-2', 'pending'],
      ['key-1', 'pending'],
    ]);
    expect(listed[0]?.createdAt).toBe('2026-03-18T15:00:00.000Z');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends each pending payment once, with its own key, and removes it only after the server accepted it', async () => {
    const { queue, store, keysSent } = queueWith(async (entry) => {
      // While the request is in flight the entry is still on the device.
      expect(await store.get(entry.key)).toMatchObject({ state: 'pending' });
      return reply(entry);
    });
    await queue.enqueue(taken(1));
    await queue.enqueue(taken(2));
    await queue.enqueue(taken(3, OTHER_AGENT));

    expect(await queue.flush(AGENT)).toEqual({ sent: 2, refused: 0 });
    expect(keysSent()).toEqual(['key-1', 'key-2']);
    expect(await queue.list(AGENT)).toEqual([]);
    // Another agent's payment is neither sent nor lost.
    expect((await queue.list(OTHER_AGENT)).map((entry) => entry.key)).toEqual(['key-3']);

    expect(await queue.flush(AGENT)).toEqual({ sent: 0, refused: 0 });
    expect(keysSent()).toEqual(['key-1', 'key-2']);
  });

  it('keeps a payment through failed attempts and retries it with the same key until a 2xx', async () => {
    const failures = [offline(), new ApiError(503, 'Servicio no disponible'), new ApiError(401, 'Sesión')];
    const { queue, keysSent } = queueWith(async (entry) => {
      const failure = failures.shift();
      if (failure) throw failure;
      return reply(entry);
    });
    await queue.enqueue(taken(1));
    await queue.enqueue(taken(2));

    // No connection: the first attempt fails and the rest is left for later, not hammered.
    expect(await queue.flush(AGENT)).toEqual({ sent: 0, refused: 0 });
    expect(keysSent()).toEqual(['key-1']);
    expect(await queue.flush(AGENT)).toEqual({ sent: 0, refused: 0 });
    expect(await queue.flush(AGENT)).toEqual({ sent: 0, refused: 0 });
    expect((await queue.list(AGENT)).map((entry) => entry.state)).toEqual(['pending', 'pending']);

    expect(await queue.flush(AGENT)).toEqual({ sent: 2, refused: 0 });
    expect(keysSent()).toEqual(['key-1', 'key-1', 'key-1', 'key-1', 'key-2']);
    expect(await queue.list(AGENT)).toEqual([]);
  });

  it('marks a refused payment with the server’s detail, never resends it, and lets the agent discard it', async () => {
    const detail = 'El pago programado ya está pagado o en validación';
    const { queue, keysSent } = queueWith(async (entry) => {
      if (entry.key === 'key-1') throw new ApiError(409, detail);
      return reply(entry);
    });
    await queue.enqueue(taken(1));
    await queue.enqueue(taken(2));

    expect(await queue.flush(AGENT)).toEqual({ sent: 1, refused: 1 });
    expect(await queue.list(AGENT)).toMatchObject([{ key: 'key-1', state: 'refused', error: detail }]);
    expect(await queue.send('key-1')).toEqual({ kind: 'refused', detail });
    await queue.flush(AGENT);
    expect(keysSent()).toEqual(['key-1', 'key-2']);

    expect(await queue.discard('key-1')).toBe(true);
    expect(await queue.list(AGENT)).toEqual([]);
  });

  it('never discards a payment still waiting to be sent', async () => {
    const { queue } = queueWith(async () => Promise.reject(offline()));
    await queue.enqueue(taken(1));
    expect(await queue.discard('key-1')).toBe(false);
    expect(await queue.list(AGENT)).toHaveLength(1);
  });

  it('has one sender at a time: concurrent flushes and a send of the same payment post it once', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { queue, keysSent } = queueWith(async (entry) => {
      await held;
      return reply(entry);
    });
    await queue.enqueue(taken(1));

    const first = queue.flush(AGENT);
    const second = queue.flush(AGENT);
    const fromDialog = queue.send('key-1');
    expect(await second).toBe(BUSY);
    release();
    expect(await first).toEqual({ sent: 1, refused: 0 });
    // The dialog's send waited for the running sender and found the payment already through.
    expect(await fromDialog).toEqual({ kind: 'gone' });
    expect(keysSent()).toEqual(['key-1']);
  });

  it('tells its subscribers of every change', async () => {
    const { queue } = queueWith(async (entry) => reply(entry));
    const listener = vi.fn();
    const off = queue.subscribe(listener);
    await queue.enqueue(taken(1));
    await queue.send('key-1');
    expect(listener).toHaveBeenCalledTimes(2);
    off();
    await queue.enqueue(taken(2));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('retries what the server did not answer about this payment, and only that', () => {
    for (const status of [0, 401, 408, 429, 500, 502, 503])
      expect(isRetryable(new ApiError(status, ''))).toBe(true);
    for (const status of [400, 403, 404, 409, 413, 422])
      expect(isRetryable(new ApiError(status, ''))).toBe(false);
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('stores when the cash was taken and sends it as collectedAt, however late the phone syncs', async () => {
    const { requests } = mockServer(({ method }) =>
      method === 'POST' ? json(201, { status: 'OK', data: paymentReply() }) : undefined,
    );
    const store = memoryStore<PendingPayment>((entry) => entry.key);
    // 14:34 in Mexico City, without signal; it syncs at 09:00 the next morning.
    let clock = new Date('2026-03-17T20:34:00.000Z');
    const queue = createPaymentQueue({
      store,
      send: postPendingPayment,
      lock: memoryLock(),
      now: () => clock,
    });
    await queue.enqueue(taken(1));
    expect(await store.get('key-1')).toMatchObject({ collectedAt: '2026-03-17T20:34:00.000Z' });

    clock = new Date('2026-03-18T15:00:00.000Z');
    expect(await queue.flush(AGENT)).toEqual({ sent: 1, refused: 0 });
    const [post] = requests;
    const part = (post?.body as FormData | undefined)?.get('paymentRequest') as Blob;
    expect(JSON.parse(await part.text())).toEqual({
      scheduledPaymentIds: ['sp-1'],
      feeIds: [],
      paymentMethod: 'CASH',
      collectedAt: '2026-03-17T20:34:00.000Z',
    });
    expect(post?.headers.get('Idempotency-Key')).toBe('key-1');
  });

  it('keeps the moment the dialog gives, and sends an older app’s entry as taken when it was stored', async () => {
    const { queue } = queueWith(async (entry) => reply(entry));
    const entry = await queue.enqueue({ ...taken(1), collectedAt: '2026-03-17T20:33:59.000Z' });
    expect(entry.collectedAt).toBe('2026-03-17T20:33:59.000Z');
    const { collectedAt: _none, ...older } = entry;
    expect(pendingPaymentRequest(older).collectedAt).toBe(entry.createdAt);
  });
});
