import type { KeyboardEvent } from 'react';
import type { PageParams } from './types.ts';

/* How the catalog table's rows behave: which stay on screen while loading, and keyboard activation. */

/**
 * Whether rows of the previous request may stay on screen while this one loads: only another page of
 * the same list, never rows of another search, filter or order (they would read as its results).
 */
export function onlyPageDiffers(
  previousKey: readonly unknown[] | undefined,
  key: readonly unknown[],
): boolean {
  if (!previousKey) return false;
  const { page: _previousPage, ...previous } = (previousKey.at(-1) ?? {}) as PageParams;
  const { page: _page, ...current } = key.at(-1) as PageParams;
  return JSON.stringify([previousKey.slice(0, -1), previous]) === JSON.stringify([key.slice(0, -1), current]);
}

/**
 * A clickable row is reachable with Tab and opens with Enter or Space, but only when the row itself
 * has focus (not its actions button).
 */
export function clickableRowAttributes<T>(onRowClick: ((row: T) => void) | undefined) {
  if (!onRowClick) return undefined;
  return (record: T) => ({
    tabIndex: 0,
    onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
      if ((event.key === 'Enter' || event.key === ' ') && event.target === event.currentTarget) {
        event.preventDefault();
        onRowClick(record);
      }
    },
  });
}
