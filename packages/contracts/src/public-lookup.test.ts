import { describe, expect, it } from 'vitest';
import { publicLookupQuery } from './public.ts';
import { checkPublicLookup, PUBLIC_LOOKUP_MESSAGES } from './public-lookup.ts';

const cases: { num: string; phone: string }[] = [
  { num: '1', phone: '5512345678' },
  { num: '2147483647', phone: '5512345678' },
  { num: '2147483648', phone: '5512345678' },
  { num: '0', phone: '5512345678' },
  { num: '', phone: '5512345678' },
  { num: '1.5', phone: '5512345678' },
  { num: '-3', phone: '5512345678' },
  { num: 'abc', phone: '5512345678' },
  { num: ' 12 ', phone: ' 5512345678 ' },
  { num: '12', phone: '551234567' },
  { num: '12', phone: '55123456789' },
  { num: '12', phone: '55-1234-567' },
  { num: '12', phone: '' },
];

describe('checkPublicLookup (the zod-free rules of the borrower page)', () => {
  it.each(cases)('agrees with the server schema for %o', (input) => {
    const parsed = publicLookupQuery.safeParse({
      num: input.num.trim() === '' ? undefined : input.num,
      phone: input.phone,
    });
    const serverFields = parsed.success
      ? []
      : [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))].sort();
    expect(Object.keys(checkPublicLookup(input)).sort()).toEqual(serverFields);
  });

  it('uses the same Spanish messages as the server', () => {
    expect(checkPublicLookup({ num: 'x', phone: '1' })).toEqual({
      num: PUBLIC_LOOKUP_MESSAGES.num,
      phone: PUBLIC_LOOKUP_MESSAGES.phone,
    });
  });
});
