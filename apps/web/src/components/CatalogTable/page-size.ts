import { useLocalStorage } from '@mantine/hooks';

/** The page sizes a staff list offers (the API allows up to 100). */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

/** Where a list's chosen page size is kept in this browser, one key per list. */
export const pageSizeKey = (listId: string) => `prestaya:page-size:${listId}`;

/** The sizes a list offers: the usual ones, plus its own default when it is another (bank accounts' 20, docs/product.md §7). */
export function pageSizeOptions(fallback: number): number[] {
  return [...new Set([...PAGE_SIZE_OPTIONS, fallback])].sort((a, b) => a - b);
}

/**
 * A list's page size, remembered per list in localStorage. A stored value the list does not offer (an
 * old or hand-edited one) reads as the list's default. Read before the first render, so the first
 * request already asks for the remembered size.
 */
export function usePageSize(listId: string, fallback: number): [number, (size: number) => void] {
  const options = pageSizeOptions(fallback);
  const [size, setSize] = useLocalStorage<number>({
    key: pageSizeKey(listId),
    defaultValue: fallback,
    getInitialValueInEffect: false,
    serialize: String,
    deserialize: (stored) => {
      const value = Number(stored);
      return options.includes(value) ? value : fallback;
    },
  });
  return [options.includes(size) ? size : fallback, setSize];
}
