import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { isApiError } from './api.ts';
import { dayjs } from './format.ts';

/** 'Sin conexión · datos de las 09:41' (with the day when the copy is from an earlier one). */
export function offlineBannerText(savedAt: string | number, now = new Date()): string {
  const saved = dayjs(savedAt);
  const day = saved.isSame(now, 'day') ? '' : `del ${saved.format('DD/MM/YYYY')} `;
  return `Sin conexión · datos ${day}de las ${saved.format('HH:mm')}`;
}

/** No reply at all (status 0): the phone has no signal, not a refusal of the server. */
export const isNetworkFailure = (error: unknown): boolean => isApiError(error) && error.status === 0;

/** What a screen needs of a TanStack query to tell an offline copy from the server's answer. */
export interface QueryNetworkState {
  data: unknown;
  dataUpdatedAt: number;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  isError: boolean;
  error: unknown;
}

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** Whether TanStack Query believes the device is online (the `online`/`offline` events), kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * Without signal: the device says it is offline (data loaded a moment ago is not even requested
 * again), TanStack Query holds the request (paused), or it failed for want of a reply (the device
 * believed it was online).
 */
export const isOffline = (query: QueryNetworkState, online: boolean): boolean =>
  !online || query.fetchStatus === 'paused' || (query.isError && isNetworkFailure(query.error));

/**
 * When the data on screen was loaded, if it is the phone's copy shown without signal; undefined while
 * the screen shows the server's current answer (or has nothing to show). `online`: useOnline().
 */
export const offlineCopyAt = (query: QueryNetworkState, online: boolean): number | undefined =>
  isOffline(query, online) && query.data !== undefined ? query.dataUpdatedAt : undefined;

/** Offline and nothing on the phone to show: the screen says so instead of an error. */
export const offlineWithoutCopy = (query: QueryNetworkState, online: boolean): boolean =>
  isOffline(query, online) && query.data === undefined;
