import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * What Mantine's ScrollArea takes from `@floating-ui/react` (vite.config.ts points that one import
 * here): `useMergeRefs(refs)` is Mantine's own `useMergedRef(...refs)`. Without it every Table (through
 * its scroll container) downloads Floating UI, ~12 KiB gzip the borrower's statement never uses.
 */
export function useMergeRefs<T>(refs: Ref<T>[]) {
  return useMergedRef(...refs);
}
