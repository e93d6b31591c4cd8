import { describe, expect, it } from 'vitest';
import { eachDay } from './calendar.ts';

/** At most `limit` days of the generator: a loop that never ends shows as `limit` days, not a hang. */
function firstDays(days: Iterable<string>, limit: number): string[] {
  const out: string[] = [];
  for (const day of days) {
    out.push(day);
    if (out.length >= limit) break;
  }
  return out;
}

describe('eachDay (the day loop over a client-given range)', () => {
  it('ends on the last day of year 9999 instead of running on past it', () => {
    expect(firstDays(eachDay('9999-12-30', '9999-12-31', 366), 10)).toEqual(['9999-12-30', '9999-12-31']);
  });

  it('lists every day of a range, both ends included, leap day too', () => {
    expect([...eachDay('2024-02-27', '2024-03-01', 366)]).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect([...eachDay('2025-03-09', '2025-03-09', 1)]).toEqual(['2025-03-09']);
    expect([...eachDay('2025-03-10', '2025-03-09', 366)]).toEqual([]);
  });

  it('refuses a range longer than its maximum, or with an unreadable end, before the first day', () => {
    expect(firstDays(eachDay('2024-01-01', '2024-12-31', 366), 400)).toHaveLength(366);
    expect(() => firstDays(eachDay('2024-01-01', '2025-01-01', 366), 400)).toThrow(RangeError);
    expect(() => firstDays(eachDay('0001-01-01', '9999-12-31', 366), 400)).toThrow(RangeError);
    expect(() => firstDays(eachDay('2024-01-01', 'mañana', 366), 400)).toThrow(RangeError);
  });
});
