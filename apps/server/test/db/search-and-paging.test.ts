import { describe, expect, it } from 'vitest';
import { totalPages } from '../../src/db/paging.ts';
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
