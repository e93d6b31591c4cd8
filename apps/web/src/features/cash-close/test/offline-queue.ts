import { openDB } from 'idb';
import { vi } from 'vitest';

/** The offline queue's database as `idb` would open it, holding `entries` (or no store at all). */
export function fakeQueue(entries: object[] | 'no-store') {
  const close = vi.fn();
  const db = {
    objectStoreNames: { contains: (name: string) => entries !== 'no-store' && name === 'pending-payments' },
    getAll: vi.fn(async () => (entries === 'no-store' ? [] : entries)),
    close,
  };
  vi.stubGlobal('indexedDB', {});
  vi.mocked(openDB).mockResolvedValue(db as unknown as Awaited<ReturnType<typeof openDB>>);
  return db;
}

/** An entry of the queue as the field app stores it. */
export const queued = (agentId: string, state: 'pending' | 'refused' = 'pending') => ({
  key: `key-${Math.random()}`,
  agentId,
  loanId: 'loan-1',
  loanNum: 1002,
  customerName: 'José Gómez',
  scheduledPaymentIds: ['sp-1'],
  feeIds: [],
  amountCents: 100_000,
  createdAt: '2026-03-09T15:00:00.000Z',
  state,
});
