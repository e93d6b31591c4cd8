import { describe, expect, it } from 'vitest';
import { paginate, totalPages } from '../../src/db/paging.ts';
import { asNumber, containsPattern } from '../../src/db/search.ts';

describe('search helpers', () => {
  it('escapes LIKE wildcards typed by the user', () => {
    expect(containsPattern('gomez')).toBe('%gomez%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('reads a user number only when it fits a PostgreSQL integer', () => {
    expect(asNumber('1003')).toBe(1003);
    expect(asNumber('2147483647')).toBe(2147483647);
    expect(asNumber('2147483648')).toBeUndefined();
    expect(asNumber('12a')).toBeUndefined();
    expect(asNumber('-5')).toBeUndefined();
    expect(asNumber('1e3')).toBeUndefined();
  });
});

describe('totalPages', () => {
  it('rounds up and is 0 for an empty list', () => {
    expect(totalPages(0, 10)).toBe(0);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
  });
});

describe('paginate', () => {
  const listOf = (total: number) => Array.from({ length: total }, (_, i) => i + 1);
  /** A list of `total` items; counts how often the count query runs. */
  const run = async (total: number, page: number, size: number) => {
    let counted = 0;
    const result = await paginate({
      request: { page, size, order: 'asc' },
      orderColumns: { n: { getSQL: () => undefined as never } },
      defaultOrderBy: 'n',
      tiebreaker: { getSQL: () => undefined as never },
      rows: async ({ limit, offset }) => listOf(total).slice(offset, offset + limit),
      count: async () => {
        counted++;
        return total;
      },
    });
    return { ...result, counted };
  };

  it('takes the total from a short page instead of counting', async () => {
    expect(await run(3, 1, 10)).toMatchObject({ totalDocuments: 3, totalPages: 1, counted: 0 });
    expect(await run(23, 3, 10)).toMatchObject({ totalDocuments: 23, totalPages: 3, counted: 0 });
    expect(await run(0, 1, 10)).toMatchObject({ data: [], totalDocuments: 0, totalPages: 0, counted: 0 });
  });

  it('counts when the page is full or past the end', async () => {
    expect(await run(25, 1, 10)).toMatchObject({ totalDocuments: 25, totalPages: 3, counted: 1 });
    expect(await run(20, 2, 10)).toMatchObject({ totalDocuments: 20, totalPages: 2, counted: 1 });
    expect(await run(5, 4, 10)).toMatchObject({ data: [], totalDocuments: 5, totalPages: 1, counted: 1 });
  });
});
