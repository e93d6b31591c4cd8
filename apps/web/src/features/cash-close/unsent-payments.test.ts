import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { AGENT_ID } from './test/fixtures.ts';
import { fakeQueue, queued } from './test/offline-queue.ts';
import { countUnsentPayments, OFFLINE_DATABASE, PENDING_PAYMENTS_STORE } from './unsent-payments.ts';

vi.mock('idb', () => ({ openDB: vi.fn() }));

describe('countUnsentPayments', () => {
  it("counts the signed-in agent's entries of the queue, the refused ones apart, and closes the database", async () => {
    const db = fakeQueue([
      queued(AGENT_ID),
      queued(AGENT_ID),
      queued(AGENT_ID, 'refused'),
      queued('another-agent'),
      { note: 'not an entry' },
    ]);
    expect(await countUnsentPayments(AGENT_ID)).toEqual({ pending: 2, refused: 1 });
    expect(vi.mocked(openDB).mock.lastCall?.[0]).toBe(OFFLINE_DATABASE);
    expect(db.getAll).toHaveBeenCalledWith(PENDING_PAYMENTS_STORE);
    expect(db.close).toHaveBeenCalled();
  });

  it('is zero when the queue has no store yet or its database cannot open', async () => {
    fakeQueue('no-store');
    expect(await countUnsentPayments(AGENT_ID)).toEqual({ pending: 0, refused: 0 });
    vi.mocked(openDB).mockImplementation(() => {
      throw new DOMException('Version change transaction was aborted', 'AbortError');
    });
    expect(await countUnsentPayments(AGENT_ID)).toEqual({ pending: 0, refused: 0 });
  });

  it('never creates the database: an open that would create it is aborted', async () => {
    fakeQueue([]);
    await countUnsentPayments(AGENT_ID);
    const upgrade = vi.mocked(openDB).mock.lastCall?.[2]?.upgrade;
    const transaction = { abort: vi.fn() };
    upgrade?.({} as never, 0, 1, transaction as never, {} as never);
    expect(transaction.abort).toHaveBeenCalled();
    // No version asked: an existing database opens as it is, never upgraded from here.
    expect(vi.mocked(openDB).mock.lastCall?.[1]).toBeUndefined();
  });

  it('is null where the browser has no IndexedDB', async () => {
    expect(typeof indexedDB).toBe('undefined');
    const opened = vi.mocked(openDB).mock.calls.length;
    expect(await countUnsentPayments(AGENT_ID)).toBeNull();
    expect(vi.mocked(openDB).mock.calls.length).toBe(opened);
  });
});
