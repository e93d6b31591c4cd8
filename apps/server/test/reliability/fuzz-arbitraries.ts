import fc from 'fast-check';
import { multipart, type Part } from '../support/builders.ts';
import { BOUNDARY_DATES } from './fuzz-dates.ts';

/**
 * fast-check generators of hostile input for the fuzz suite (fuzz.test.ts). Two families:
 * - "hostile" values, which may or may not be valid (SQL, HTML, RTL, NUL, huge, odd unicode);
 * - "breakers", which are definitely invalid for one field kind, so a request carrying one must be
 *   refused whatever else it holds. A generated write always carries at least one breaker.
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

const NUL = '\u0000';

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

/** Field kinds of the JSON bodies, each with values that are certainly refused. */
export type Field =
  | { kind: 'text'; max: number; optional?: boolean }
  /** A string of a given shape (e-mail, phone, PIN…): `invalid` lists values of the wrong shape; with
   * `typed` any non-string is wrong too. */
  | { kind: 'format'; invalid: readonly unknown[]; typed?: boolean; optional?: boolean }
  | { kind: 'money'; allowZero?: boolean; optional?: boolean }
  | { kind: 'uuid'; optional?: boolean }
  | { kind: 'uuids' }
  | { kind: 'enum'; values: readonly string[]; optional?: boolean }
  | { kind: 'bool'; optional?: boolean }
  | { kind: 'date'; optional?: boolean }
  | { kind: 'literal'; value: number; optional?: boolean }
  | { kind: 'roles' };

export const MISSING = Symbol('missing');

const notString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant([]),
  fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
  fc.constant({}),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { minKeys: 1, maxKeys: 3 }),
);
const notNumber = fc.oneof(
  fc.constantFrom('100', '1e3', '0x10', ' 5 ', '', 'NaN', 'Infinity', '١٠٠'),
  fc.boolean(),
  fc.constant([]),
  fc.constant([100]),
  fc.constant({ amount: 100 }),
);

/** Peso amounts that are never a valid amount of centavos. */
export const badMoney = (allowZero: boolean): fc.Arbitrary<unknown> =>
  fc.oneof(
    // Negative amounts, whole and with centavos.
    fc.integer({ min: -10_000_000_000, max: -1 }).map((cents) => cents / 100),
    // Fractions of a centavo: 3 to 9 decimals, including ones that round to 0 centavos.
    fc
      .tuple(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 3, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
      )
      .map(([whole, decimals, digit]) => Number(`${whole}.${'0'.repeat(decimals - 1)}${digit}`))
      // 99999999.000000001 parses to 99999999 exactly: no server can tell it from a valid amount.
      .filter((n) => Math.round(n * 100) / 100 !== n),
    fc.constantFrom(0.001, 0.005, 0.009, 10.015, 1e-7),
    // Positive but far below a centavo: within the two-decimal float tolerance, yet 0 centavos.
    fc
      .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 9, max: 323 }))
      .map(([digit, exponent]) => Number(`${digit}e-${exponent}`)),
    // Beyond $100,000,000.00.
    fc.double({ min: 100_000_000.01, max: 1e308, noNaN: true }),
    fc.constantFrom(1e21, 2 ** 53, Number.MAX_VALUE),
    notNumber,
    ...(allowZero ? [] : [fc.constant(0)]),
  );

const badDate = fc.constantFrom(
  '2024-13-01',
  '2024-00-10',
  '2024-02-30',
  '2023-02-29',
  '24-01-01',
  '2024/01/01',
  '01-02-2024',
  'hoy',
  '2024-01-01T00:00:00Z',
  '2024-01-01; DROP TABLE loans',
  '',
  '+020240-01-01',
  // Well-formed, but outside 2000-01-01..2099-12-31.
  '0001-01-01',
  '1999-12-31',
  '2100-01-01',
  '9999-12-31',
);

/** Values that make `field` invalid (MISSING: the key is left out, for required fields). */
export function breakerFor(field: Field): fc.Arbitrary<unknown> {
  const missing = 'optional' in field && field.optional ? [] : [fc.constant(MISSING)];
  const nullish = 'optional' in field && field.optional ? [] : [fc.constant(null)];
  switch (field.kind) {
    case 'text':
      return fc.oneof(
        notString,
        ...missing,
        ...nullish,
        // Too long after trimming.
        fc.integer({ min: field.max + 1, max: field.max + 3_000 }).map((n) => 'é'.repeat(n)),
        // PostgreSQL text cannot hold NUL: refused as a data exception, never a 500.
        fc.tuple(hostileText, hostileText).map(([a, b]) => `${a.slice(0, 30)}${NUL}${b.slice(0, 30)}`),
        ...(field.optional ? [] : [fc.constantFrom('', '   ', '\t\n')]),
      );
    case 'format':
      return fc.oneof(
        ...(field.typed === false ? [] : [notString]),
        ...missing,
        ...nullish,
        fc.constantFrom(...field.invalid),
      );
    case 'money':
      return fc.oneof(badMoney(field.allowZero ?? false), ...missing, ...nullish);
    case 'uuid':
      return fc.oneof(notUuid, fc.integer(), fc.constant([]), fc.constant({}), ...missing, ...nullish);
    case 'uuids':
      return fc.oneof(
        // [] is a valid list (a payment of installments only has feeIds: []).
        notString.filter((v) => !(Array.isArray(v) && v.length === 0)),
        notUuid,
        fc.array(notUuid, { minLength: 1, maxLength: 3 }),
        fc.constant([null]),
        fc.constant(Array.from({ length: 201 }, () => '0196a000-0000-7000-8000-000000000000')),
      );
    case 'enum':
      return fc.oneof(
        notString,
        ...missing,
        ...nullish,
        hostileText.filter((s) => !field.values.includes(s)),
        fc
          .constantFrom(...field.values)
          .map((v) => v.toLowerCase())
          .filter((v) => !field.values.includes(v)),
        fc.constantFrom(...field.values).map((v) => ` ${v}\u0000`),
      );
    case 'bool':
      return fc.oneof(fc.constantFrom('true', 'false', 1, 0, 'sí', [], {}), ...nullish);
    case 'date':
      return fc.oneof(badDate, notString, ...nullish);
    case 'literal':
      return fc.oneof(
        fc.integer({ min: -1_000, max: 1_000 }).filter((n) => n !== field.value),
        fc.constant(field.value + 0.5),
        fc.constant(String(field.value)),
        notNumber,
        ...nullish,
      );
    case 'roles':
      return fc.oneof(
        fc.constant([]),
        fc.constant(MISSING),
        fc.constant('ROLE_ADMIN'),
        fc.constant(['ROLE_USER', 'ROLE_USER']),
        fc.constant(['ROLE_ADMIN', 'ROLE_USER', 'ROLE_ADMIN']),
        fc.array(
          hostileText.filter((s) => s !== 'ROLE_ADMIN' && s !== 'ROLE_USER'),
          { minLength: 1, maxLength: 2 },
        ),
        fc.constant([null]),
      );
  }
}

export interface BodySpec {
  /** A valid body: a generated one is this, decorated with hostile text and broken in one field. */
  template: () => Record<string, unknown>;
  fields: Record<string, Field>;
}

/** Keys a client might add on top: ignored by the schemas, or refused (prototype pollution). */
const extraKeys = fc.option(
  fc.dictionary(
    fc.constantFrom('isAdmin', 'roles', 'agentId', 'status', 'id', 'num', 'balance', 'createdOn', 'x'),
    anyJson,
    { maxKeys: 2 },
  ),
  { nil: {}, freq: 2 },
);

/** A JSON object body with at least one definitely invalid field. */
export function brokenObject(spec: BodySpec): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(spec.fields);
  const textNames = names.filter((name) => spec.fields[name]?.kind === 'text');
  const decorations = textNames.length
    ? fc.dictionary(
        fc.constantFrom(...textNames),
        hostileText.filter((s) => !s.includes(NUL)),
        { maxKeys: 3 },
      )
    : fc.constant({});
  const oneBreak = fc
    .constantFrom(...names)
    .chain((name) => breakerFor(spec.fields[name] as Field).map((value) => [name, value] as const));
  return fc
    .tuple(
      extraKeys,
      decorations,
      // Mostly one break, so that it alone must stop the request (several hide each other).
      fc.oneof(
        { weight: 3, arbitrary: oneBreak.map((single) => [single]) },
        { weight: 1, arbitrary: fc.array(oneBreak, { minLength: 2, maxLength: 3 }) },
      ),
    )
    .map(([extra, decorated, breaks]) => {
      const body: Record<string, unknown> = { ...extra, ...spec.template(), ...decorated };
      for (const [name, value] of breaks) {
        if (value === MISSING) delete body[name];
        else body[name] = value;
      }
      return body;
    });
}

/** A request body that is not acceptable as a whole, whatever the route. */
export const brokenPayload: fc.Arbitrary<{ contentType: string; payload: string }> = fc.oneof(
  // Not JSON at all, or truncated JSON.
  fc
    .oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).filter((s) => {
        try {
          JSON.parse(s);
          return false;
        } catch {
          return true;
        }
      }),
      fc.jsonValue().map((v) => JSON.stringify({ a: v }).slice(0, -1)),
      fc.constantFrom(
        '{',
        '{"a":',
        "{'a': 1}",
        '{"a":1,}',
        'NaN',
        'undefined',
        '[1,2',
        '\u0000{}',
        '{"a":1}{"b":2}',
      ),
    )
    .map((payload) => ({ contentType: 'application/json', payload })),
  // Prototype pollution: refused by Fastify's secure JSON parser.
  fc
    .constantFrom(
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '{"a":{"__proto__":{"x":1}}}',
    )
    .map((payload) => ({ contentType: 'application/json', payload })),
  // Deep nesting.
  fc
    .integer({ min: 1_000, max: 100_000 })
    .map((n) => ({ contentType: 'application/json', payload: `${'['.repeat(n)}${']'.repeat(n)}x` })),
  // Unsupported media types.
  fc
    .tuple(
      fc.constantFrom(
        'application/xml',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        'image/png',
        'application/json-patch+json; charset=utf-7',
      ),
      fc.string({ minLength: 1, maxLength: 40 }),
    )
    .map(([contentType, payload]) => ({ contentType, payload })),
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

/** Multipart bodies for payment registration, each refused for at least one reason. */
export interface MultipartSpec {
  /** A valid `paymentRequest` JSON object. */
  validRequest: () => Record<string, unknown>;
  /** The method value of a cash payment on this route (CASH, or 0 on the public side). */
  cash: unknown;
  transfer: unknown;
  png: Buffer;
  requestSpec: BodySpec;
}

const filePart = (body: Buffer, filename = 'comprobante.png', contentType = 'image/png'): Part => ({
  name: 'file',
  body,
  filename,
  contentType,
});
const requestPart = (body: unknown): Part => ({
  name: 'paymentRequest',
  body: typeof body === 'string' ? body : JSON.stringify(body),
  contentType: 'application/json',
});

export function brokenMultipart(
  spec: MultipartSpec,
): fc.Arbitrary<{ payload: Buffer; headers: Record<string, string> }> {
  const withMethod = (method: unknown) => ({ ...spec.validRequest(), paymentMethod: method });
  const validParts = fc.constantFrom<Part[]>(
    [requestPart(withMethod(spec.cash))],
    [requestPart(withMethod(spec.transfer)), filePart(spec.png)],
  );
  const build = (parts: readonly Part[]) => multipart([...parts]);
  const refusedParts = fc.oneof<fc.Arbitrary<readonly Part[]>[]>(
    // A broken paymentRequest, with or without an image.
    fc
      .tuple(brokenObject(spec.requestSpec), fc.boolean())
      .map(([request, withFile]) => [requestPart(request), ...(withFile ? [filePart(spec.png)] : [])]),
    fc.string({ maxLength: 50 }).map((text) => [{ name: 'paymentRequest', body: `{${text}` }]),
    fc.constant([filePart(spec.png)]),
    fc.constant([]),
    // Two paymentRequests, two files, a text file named .jpg, an empty file, an image with cash.
    fc.constant([requestPart(withMethod(spec.cash)), requestPart(withMethod(spec.cash))]),
    fc.constant([requestPart(withMethod(spec.transfer)), filePart(spec.png), filePart(spec.png, 'b.png')]),
    fc
      .string({ minLength: 1, maxLength: 200 })
      .map((text) => [
        requestPart(withMethod(spec.transfer)),
        filePart(Buffer.from(text), 'foto.jpg', 'image/jpeg'),
      ]),
    fc.constant([requestPart(withMethod(spec.transfer)), filePart(Buffer.alloc(0))]),
    fc.constant([requestPart(withMethod(spec.cash)), filePart(spec.png)]),
    // A JSON part over 64 KB; too many parts.
    fc.constant([requestPart({ ...withMethod(spec.cash), pad: 'x'.repeat(70_000) })]),
    fc.constant(Array.from({ length: 10 }, () => requestPart(withMethod(spec.cash)))),
  );
  return fc.oneof(
    refusedParts.map(build),
    // Structurally broken bodies around an otherwise valid request.
    fc.tuple(validParts, fc.double({ min: 0, max: 0.98, noNaN: true })).map(([parts, cut]) => {
      const { payload, headers } = build(parts);
      const end = payload.lastIndexOf('\r\n--');
      return { payload: payload.subarray(0, Math.floor(end * cut)), headers };
    }),
    validParts.map((parts) => {
      const { payload } = build(parts);
      return { payload, headers: { 'content-type': 'multipart/form-data; boundary=otro-limite' } };
    }),
    validParts.map((parts) => ({
      payload: build(parts).payload,
      headers: { 'content-type': 'multipart/form-data' },
    })),
    validParts.map((parts) => ({
      payload: build(parts).payload,
      headers: { 'content-type': 'application/json' },
    })),
    fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => ({
      payload: Buffer.from(bytes),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    })),
  );
}
