import { type ReportRangeQuery, reportRangeQuery } from '@prestaya/contracts';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { dayjs, ISO_DATE_FORMAT, weekRange } from '../../lib/format.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` that is a real calendar day, else null (a hand-edited URL never reaches the pickers). */
export function parseIsoDate(value: string | null | undefined): string | null {
  if (!value || !ISO_DATE.test(value)) return null;
  const day = dayjs(value);
  return day.isValid() && day.format(ISO_DATE_FORMAT) === value ? value : null;
}

export type RangeCheck = { range: ReportRangeQuery; error: null } | { range: null; error: string };

/**
 * The same rule the server applies (contracts' `reportRangeQuery`): both dates, `from` ≤ `to`, at most
 * 366 days. An invalid range is never sent; the message is shown under 'Hasta'.
 */
export function checkRange(from: string | null, to: string | null): RangeCheck {
  if (!from || !to) return { range: null, error: 'Seleccione las fechas Desde y Hasta' };
  const parsed = reportRangeQuery.safeParse({ from, to });
  if (parsed.success) return { range: parsed.data, error: null };
  return { range: null, error: parsed.error.issues[0]?.message ?? 'Rango de fechas inválido' };
}

/**
 * The dashboard range lives in the URL (`?from=YYYY-MM-DD&to=YYYY-MM-DD`) so a reload or a shared link
 * shows the same period; without it, the current week Sunday–Saturday (docs/product.md §2, §9).
 */
export function useDashboardRange() {
  const [params, setParams] = useSearchParams();
  const [defaults] = useState(() => weekRange());
  const from = parseIsoDate(params.get('from')) ?? defaults[0];
  const to = parseIsoDate(params.get('to')) ?? defaults[1];

  const setRange = useCallback(
    (next: { from?: string | null; to?: string | null }) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          const nextFrom = next.from === undefined ? from : next.from;
          const nextTo = next.to === undefined ? to : next.to;
          for (const [key, value] of [
            ['from', nextFrom],
            ['to', nextTo],
          ] as const) {
            if (value) updated.set(key, value);
            else updated.delete(key);
          }
          return updated;
        },
        { replace: true },
      );
    },
    [setParams, from, to],
  );

  return { from, to, setRange, ...checkRange(from, to) };
}
