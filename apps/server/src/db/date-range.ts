import { addDays, zonedInstant } from '@prestaya/domain';
import { and, gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A list's date filter as the contracts give it (`from`/`to`, `YYYY-MM-DD`, either may be absent). */
export interface BusinessDayRange {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * `from`/`to` business days (TZ_BUSINESS), both inclusive, as a condition on a timestamp column: from
 * the start of `from` to the start of the day after `to` on the business clock (daylight saving
 * included), so a row written at 23:30 in Mexico City on the 5th (05:30 UTC on the 6th) belongs to the
 * 5th. A half-open range (`created_on >= … and created_on < …`) keeps the column's index usable.
 * Undefined when neither end is given.
 */
export function withinBusinessDays(
  column: PgColumn,
  range: BusinessDayRange,
  timeZone: string,
): SQL | undefined {
  return and(
    range.from ? gte(column, zonedInstant(range.from, 0, 0, timeZone)) : undefined,
    range.to ? lt(column, zonedInstant(addDays(range.to, 1), 0, 0, timeZone)) : undefined,
  );
}
