import fc from 'fast-check';
import { anyJson, hostileText, NUL, notUuid } from './hostile.ts';

/**
 * "Breakers" for the fuzz suite: values definitely invalid for one field kind, so a request carrying
 * one must be refused whatever else it holds. A generated write always carries at least one breaker.
 */

/** Field kinds of the JSON bodies, each with values that are certainly refused. */
export type Field =
  | { kind: 'text'; max: number; optional?: boolean }
  /** A string of a given shape (e-mail, phone, PIN…): `invalid` lists values of the wrong shape; with
   * `typed` any non-string is wrong too. */
  | { kind: 'format'; invalid: readonly unknown[]; typed?: boolean; optional?: boolean }
  | { kind: 'money'; allowZero?: boolean; optional?: boolean }
  | { kind: 'uuid'; optional?: boolean }
  /** A list of ids, at most `max` of them (the schema's bound, so `max + 1` is a breaker). */
  | { kind: 'uuids'; max: number }
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
        fc.constant(Array.from({ length: field.max + 1 }, () => '0196a000-0000-7000-8000-000000000000')),
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
