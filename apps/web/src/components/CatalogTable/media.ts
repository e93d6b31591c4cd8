import type { MantineTheme } from '@mantine/core';
import type { ColumnDef } from './types.ts';

/**
 * The media query under which a column shows, from its `visibleFrom` / `hiddenFrom` breakpoints
 * (Mantine's, in em): a phone gets a column that folds what the wider columns show side by side.
 */
export function columnMediaQuery<T>(column: ColumnDef<T>) {
  const { visibleFrom, hiddenFrom } = column;
  if (!visibleFrom && !hiddenFrom) return undefined;
  return (theme: MantineTheme) => {
    const from = visibleFrom && `(min-width: ${theme.breakpoints[visibleFrom]})`;
    // Mantine's own hiddenFrom: 0.1 px below the breakpoint, so exactly one of the two shows.
    const below =
      hiddenFrom && `(max-width: ${Number.parseFloat(theme.breakpoints[hiddenFrom] ?? '') - 0.00625}em)`;
    return [from, below].filter(Boolean).join(' and ');
  };
}
