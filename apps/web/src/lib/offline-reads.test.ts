import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { eraseOfflineData, readCachedList } from './offline-db.ts';
import {
  boundReads,
  createOfflineReads,
  isFieldRead,
  keepsOfflineReads,
  READS_CACHE_NAME,
  READS_MAX_AGE_MS,
  READS_MAX_QUERIES,
} from './offline-reads.ts';
import type { SessionUser } from './session.ts';

const agentOf = (id: string): SessionUser => ({
  id,
  name: 'Luis',
  lastName: 'Pérez',
  username: `${id}@example.com`,
  roles: ['ROLE_USER'],
});
const ANA = agentOf('agent-ana');
const BETO = agentOf('agent-beto');
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 2, 18, 15, 0);

const customerKey = ['customers', 'detail', 'c-1'];
const customer = { id: 'c-1', name: 'José' };

/**
 * One app start on the phone: a fresh cache, the reads of `user` restored and followed. Writes run
 * when the test flushes them (no timers), as of `now`.
 */
function appStart(signedIn: { id: string | undefined }, now = () => NOW) {
  const queryClient = new QueryClient();
  const reads = createOfflineReads(queryClient, {
    currentUserId: () => signedIn.id,
    now,
    later: () => () => undefined,
  });
  return { queryClient, reads };
}

describe('the reads an agent keeps on the phone', () => {
  it('come back on the next start without signal, with when they were loaded', async () => {
    const signedIn = { id: ANA.id };
    const first = appStart(signedIn);
    await first.reads.start(ANA);
    first.queryClient.setQueryData(customerKey, customer, { updatedAt: NOW - 60_000 });
    first.queryClient.setQueryData(['users', 'list'], [{ id: 'u-1' }]);
    await first.reads.flush();
    first.reads.stop();

    const next = appStart(signedIn);
    await next.reads.start(ANA);
    expect(next.queryClient.getQueryData(customerKey)).toEqual(customer);
    expect(next.queryClient.getQueryState(customerKey)?.dataUpdatedAt).toBe(NOW - 60_000);
    // Only the field reads: nothing of the staff list.
    expect(next.queryClient.getQueryData(['users', 'list'])).toBeUndefined();
  });

  it("belong to the signed-in user: another agent on the same phone finds nothing and the first's copy goes", async () => {
    const signedIn = { id: ANA.id };
    const ana = appStart(signedIn);
    await ana.reads.start(ANA);
    ana.queryClient.setQueryData(customerKey, customer, { updatedAt: NOW });
    await ana.reads.flush();
    ana.reads.stop();
    expect(await readCachedList(ANA.id, READS_CACHE_NAME)).toBeDefined();

    signedIn.id = BETO.id;
    const beto = appStart(signedIn);
    await beto.reads.start(BETO);
    expect(beto.queryClient.getQueryData(customerKey)).toBeUndefined();
    expect(await readCachedList(ANA.id, READS_CACHE_NAME)).toBeUndefined();
  });

  it("are never written for a user who is no longer signed in (a write due after 'Cerrar Sesión')", async () => {
    const signedIn: { id: string | undefined } = { id: ANA.id };
    const ana = appStart(signedIn);
    await ana.reads.start(ANA);
    ana.queryClient.setQueryData(customerKey, customer, { updatedAt: NOW });
    signedIn.id = undefined;
    await ana.reads.flush();
    expect(await readCachedList(ANA.id, READS_CACHE_NAME)).toBeUndefined();
  });

  it("are erased with the rest of the device's data on 'Cerrar Sesión'", async () => {
    const signedIn = { id: ANA.id };
    const ana = appStart(signedIn);
    await ana.reads.start(ANA);
    ana.queryClient.setQueryData(customerKey, customer, { updatedAt: NOW });
    await ana.reads.flush();
    ana.reads.stop();
    await eraseOfflineData();

    const next = appStart(signedIn);
    await next.reads.start(ANA);
    expect(next.queryClient.getQueryData(customerKey)).toBeUndefined();
  });

  it('expire after 7 days', async () => {
    const signedIn = { id: ANA.id };
    const first = appStart(signedIn);
    await first.reads.start(ANA);
    first.queryClient.setQueryData(customerKey, customer, { updatedAt: NOW });
    first.queryClient.setQueryData(['loans', 'detail', 'l-1'], { id: 'l-1' }, { updatedAt: NOW - 6 * DAY });
    await first.reads.flush();
    first.reads.stop();

    // A day later the loan is older than a week; the customer is not.
    const later = appStart(signedIn, () => NOW + DAY + 1);
    await later.reads.start(ANA);
    expect(later.queryClient.getQueryData(customerKey)).toEqual(customer);
    expect(later.queryClient.getQueryData(['loans', 'detail', 'l-1'])).toBeUndefined();
  });

  it('keep queries the cache garbage-collected until they age out', async () => {
    const signedIn = { id: ANA.id };
    const first = appStart(signedIn);
    await first.reads.start(ANA);
    first.queryClient.setQueryData(customerKey, customer, { updatedAt: NOW });
    await first.reads.flush();
    first.queryClient.removeQueries({ queryKey: customerKey });
    first.queryClient.setQueryData(['customers', 'detail', 'c-2'], { id: 'c-2' }, { updatedAt: NOW });
    await first.reads.flush();
    first.reads.stop();

    const next = appStart(signedIn);
    await next.reads.start(ANA);
    expect(next.queryClient.getQueryData(customerKey)).toEqual(customer);
    expect(next.queryClient.getQueryData(['customers', 'detail', 'c-2'])).toEqual({ id: 'c-2' });
  });
});

describe('which reads are kept', () => {
  it("only the agent's field reads, never documents' signed links nor lists of every agent", () => {
    expect(isFieldRead(['customers', 'list', { page: 1 }])).toBe(true);
    expect(isFieldRead(['customers', 'detail', 'c-1'])).toBe(true);
    expect(isFieldRead(['loans', 'customer', 'c-1', { page: 1 }])).toBe(true);
    expect(isFieldRead(['loans', 'schedule', 'l-1'])).toBe(true);
    expect(isFieldRead(['cash-close', 'day', 'self', 'today'])).toBe(true);
    expect(isFieldRead(['customers', 'documents', 'c-1'])).toBe(false);
    expect(isFieldRead(['loans', 'list', { page: 1 }])).toBe(false);
    expect(isFieldRead(['cash-close', 'day', 'agent-1', '2026-03-18'])).toBe(false);
    expect(isFieldRead(['users', 'list'])).toBe(false);
    expect(isFieldRead(['audit'])).toBe(false);
  });

  it('only for an agent: an administrator keeps nothing on the device', () => {
    expect(keepsOfflineReads(ANA)).toBe(true);
    expect(keepsOfflineReads({ ...ANA, roles: ['ROLE_ADMIN', 'ROLE_USER'] })).toBe(false);
    expect(keepsOfflineReads(null)).toBe(false);
  });

  it('the newest, up to the count bound', () => {
    const queries = Array.from({ length: READS_MAX_QUERIES + 5 }, (_, n) => ({
      queryHash: `q${n}`,
      queryKey: ['customers', 'detail', `c-${n}`],
      dehydratedAt: NOW,
      state: {
        data: { n },
        dataUpdateCount: 1,
        dataUpdatedAt: NOW - n * 1000,
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success' as const,
        fetchStatus: 'idle' as const,
      },
    }));
    const kept = boundReads(queries, NOW);
    expect(kept).toHaveLength(READS_MAX_QUERIES);
    expect(kept[0]?.queryHash).toBe('q0');
    expect(kept.at(-1)?.queryHash).toBe(`q${READS_MAX_QUERIES - 1}`);
    expect(boundReads(queries, NOW + READS_MAX_AGE_MS + 1)).toEqual([]);
  });
});
