import {
  COLLECTION_TABS,
  type CollectionCard,
  type CollectionsPage,
  collectionsPage,
} from '@prestaya/contracts';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, isApiError } from '../../../lib/api.ts';
import { foldText } from '../../../lib/format.ts';
import { readCachedList, writeCachedList } from '../../../lib/offline-db.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { type CollectionsParams, collectionsKeys } from './keys.ts';

export const COLLECTIONS_PAGE_SIZE = 20;

/** A page as the screen shows it: from the server, or `cachedAt` when it is this device's copy. */
export type LoadedCollectionsPage = CollectionsPage & { cachedAt?: string };

/** The device keeps one copy per tab and agent choice; a search is answered from it when offline. */
const cacheName = ({ tab, agentId }: CollectionsParams) => `collections:${tab}:${agentId ?? 'all'}`;

/** The server's search (name, phone or loan number), applied to a cached page when there is no signal. */
function matches(card: CollectionCard, query: string): boolean {
  const wanted = foldText(query.trim());
  const { name, lastName, secondLastName, phone } = card.customer;
  return (
    foldText([name, lastName, secondLastName].filter(Boolean).join(' ')).includes(wanted) ||
    phone.includes(wanted) ||
    String(card.loan.num) === wanted
  );
}

/**
 * GET /api/v1/collections (a page plus the scope's summary, not an envelope). An unsearched page is
 * kept on the device for the signed-in user; without a connection the kept copy is answered instead,
 * marked with when it was loaded.
 */
export async function loadCollectionsPage(
  userId: string,
  params: CollectionsParams,
  page: number,
): Promise<LoadedCollectionsPage> {
  const name = cacheName(params);
  try {
    const reply = await api.get(apiPaths.collections, collectionsPage.parse, {
      tab: params.tab,
      agentId: params.agentId,
      query: params.query,
      page,
      size: COLLECTIONS_PAGE_SIZE,
    });
    if (!params.query) {
      const earlier = page === 1 ? [] : ((await readCachedList<CollectionsPage[]>(userId, name))?.data ?? []);
      await writeCachedList(userId, name, [...earlier.slice(0, page - 1), reply]);
    }
    return reply;
  } catch (error) {
    if (!isApiError(error) || error.status !== 0) throw error;
    const cached = await readCachedList<CollectionsPage[]>(userId, name);
    const copy = cached?.data[page - 1];
    if (!cached || !copy) throw error;
    const data = params.query ? copy.data.filter((card) => matches(card, params.query ?? '')) : copy.data;
    return { ...copy, data, cachedAt: cached.savedAt };
  }
}

const listOptions = (userId: string, params: CollectionsParams) =>
  infiniteQueryOptions({
    queryKey: collectionsKeys.list(userId, params),
    queryFn: ({ pageParam }) => loadCollectionsPage(userId, params, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: LoadedCollectionsPage) =>
      last.page < last.totalPages ? last.page + 1 : undefined,
    // Runs without a connection too: the device's copy answers then. Reloaded when the signal returns.
    networkMode: 'always',
    staleTime: 0,
  });

/** `enabled` false (an administrator who has not chosen whose route yet): nothing is requested. */
export function useCollections(userId: string, params: CollectionsParams, enabled = true) {
  const list = useInfiniteQuery({ ...listOptions(userId, params), enabled });
  const queryClient = useQueryClient();
  const online = !!list.data && !list.data.pages[0]?.cachedAt;
  const { tab, agentId, query } = params;
  // With signal, the other tabs' first pages load too, so all three are on the phone later.
  useEffect(() => {
    if (!online || query) return;
    for (const other of COLLECTION_TABS) {
      if (other === tab) continue;
      void queryClient.prefetchInfiniteQuery({
        ...listOptions(userId, { tab: other, agentId }),
        staleTime: 60_000,
      });
    }
  }, [online, query, tab, agentId, userId, queryClient]);
  return list;
}
