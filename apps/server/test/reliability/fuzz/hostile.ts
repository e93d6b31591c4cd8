import fc from 'fast-check';
import { BOUNDARY_DATES } from './dates.ts';

/**
 * fast-check generators of hostile values for the fuzz suite (fuzz.test.ts): strings, JSON values,
 * ids, query strings and path parameters that may or may not be valid (SQL, HTML, RTL, NUL, huge, odd
 * unicode). The values that are definitely invalid for one field kind are in breakers.ts.
 */

export const SQL_PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE payments; --",
  "1' UNION SELECT username, password_hash FROM users --",
  '1; SELECT pg_sleep(5) --',
  "' AND 1=CAST((SELECT version()) AS int) --",
  '") OR ("a"="a',
  "admin'--",
  '%27%20OR%201%3D1',
  "\\'; COPY users TO '/tmp/x'; --",
  '$1',
  "E'\\x00'",
  '1e309',
];
export const HTML_PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  '<!--',
  ']]>',
];
export const UNICODE_PAYLOADS = [
  '\u202Eevil\u202C', // right-to-left override
  '\u200F\u200E\u2066\u2069', // RTL/LTR marks and isolates
  'مرحبا بالعالم',
  'Ω≈ç√∫˜µ≤≥÷',
  '\uFEFFbom',
  '\u200Bzero\u200Bwidth',
  'e\u0301\u0301\u0301\u0301',
  '😀👩‍👩‍👧‍👦🇲🇽',
  '\uD800', // a lone surrogate
  '\uDFFF\uD800',
  'ａｄｍｉｎ',
  '\u0085\u2028\u2029',
];

export const NUL = '\u0000';

/** Any string a client could send, short or long, from every corner of unicode. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS, ...UNICODE_PAYLOADS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => `${s}${NUL}${s}`) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 20_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t\r\n', 'null', 'undefined', 'NaN', '-0', '[]', '{}') },
);

/** A value of any JSON type, including deeply nested and prototype-ish objects. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.constantFrom(1e308, -1e308, 5e-324, -0, 2 ** 53 + 1, -(2 ** 63)) },
);

/** Strings that are never a UUID (nor decode to one). */
export const notUuid: fc.Arbitrary<string> = fc.oneof(
  hostileText.filter((s) => !/^[0-9a-f-]{36}$/i.test(s.trim())),
  fc.uuid().map((u) => u.slice(0, 35)),
  fc.uuid().map((u) => `${u}0`),
  fc.uuid().map((u) => `${u.slice(0, 8)}g${u.slice(9)}`),
  fc.uuid().map((u) => u.replaceAll('-', '')),
  fc.uuid().map((u) => `${u.slice(0, 20)}${NUL}${u.slice(21)}`),
  fc.uuid().map((u) => ` ${u}`),
  fc.uuid().map((u) => `${u}' OR '1'='1`),
);

/** Percent-encodes every byte outside the unreserved set (safe for lone surrogates too). */
export function encodeBytes(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** Raw, sometimes malformed, percent sequences put into URLs as they are. */
const rawEscapes = fc.constantFrom(
  '%',
  '%zz',
  '%00',
  '%FF%FE',
  '%C0%AF',
  '%E2%80%AE',
  '%ED%A0%80',
  '%25%30%30',
  '%%',
);

export const QUERY_KEYS = [
  'page',
  'size',
  'query',
  'q',
  'orderBy',
  'order',
  'from',
  'to',
  'num',
  'phone',
  'entity',
  'entityId',
  'userId',
  'expires',
  'signature',
];

/** A query string of hostile pairs: repeated keys, bracket keys, broken escapes, huge values. */
export const hostileQuery: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc
        .tuple(
          fc.oneof(
            fc.constantFrom(...QUERY_KEYS),
            fc.constantFrom('__proto__', 'constructor[prototype][x]', 'a[]', 'page[0]'),
          ),
          fc.oneof(
            hostileText,
            fc.integer().map(String),
            fc.double().map(String),
            fc.constantFrom('-1', '0', '99999999999999999999999', '1.5', 'asc', 'DESC', 'num; DROP TABLE x'),
            fc.constantFrom(...BOUNDARY_DATES),
          ),
        )
        .map(([key, value]) => `${encodeBytes(key)}=${encodeBytes(value)}`),
      fc.tuple(fc.constantFrom(...QUERY_KEYS), rawEscapes).map(([key, raw]) => `${key}=${raw}`),
      fc.constantFrom('&', '=', '==', 'page', '&&&', 'size=1&size=2&size=3'),
      fc
        .tuple(fc.constantFrom(...BOUNDARY_DATES), fc.constantFrom(...BOUNDARY_DATES))
        .map(([from, to]) => `from=${from}&to=${to}`),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((pairs) => pairs.join('&'));

/** A path parameter that is never valid: not a UUID, encoded or (rarely) raw. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: notUuid.map(encodeBytes) },
  { weight: 1, arbitrary: rawEscapes },
  {
    weight: 1,
    arbitrary: fc.constantFrom('..', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%2F..%2Fjwt-secret', '%2F'),
  },
);
