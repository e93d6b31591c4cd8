import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';

/**
 * Bounded inputs by construction: every parameter of every operation, read from the OpenAPI document
 * the app builds from its own zod schemas (so a new route or parameter is checked without anyone
 * listing it), has a bound. Path parameters are UUIDs or enums; query integers have a maximum, `size`
 * at most 100; query text is at most 100 characters or has a fixed shape (enum, UUID, date, pattern);
 * anything named like a date is THE date schema (format date: contracts isoDate, 2000–2099).
 */
const context = useTestApp();

interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  maxLength?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

/** Signed links' credentials (http/signed-links.ts): matched against fixed patterns first, anything else is a 403. */
const UNTYPED_QUERY = new Set([
  'GET /api/v1/payments/attachments/{attachmentId} expires',
  'GET /api/v1/payments/attachments/{attachmentId} signature',
  'GET /api/v1/customers/{id}/documents/{documentId}/file expires',
  'GET /api/v1/customers/{id}/documents/{documentId}/file signature',
]);
// A count of days ('minDaysPastDue') is a number, not a date; a statement's 'dateColumn' and
// 'dateFormat' say where and how its dates are written, they are not dates either.
const LOOKS_LIKE_DATE = /date(?!Column|Format)|day(?!s)|^from$|^to$/i;

function operations(): { key: string; operation: Operation }[] {
  const document = context.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );
}

/** Every top-level property of the JSON bodies an operation accepts. */
function bodyProperties(operation: Operation): [string, JsonSchema][] {
  const content = operation.requestBody?.content ?? {};
  return Object.values(content).flatMap(({ schema }) =>
    [schema, ...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].flatMap((s) =>
      Object.entries(s?.properties ?? {}),
    ),
  );
}

describe('bounded inputs (OpenAPI of every route)', () => {
  it('finds the operations and their parameters', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(40);
    expect(all.flatMap(({ operation }) => operation.parameters ?? []).length).toBeGreaterThan(100);
  });

  it('every path parameter is a UUID, one of a fixed list or a short anchored pattern', () => {
    // A backup file's name: the server's own naming scheme, matched whole, never a free path.
    const anchoredPattern = (schema: { pattern?: string; maxLength?: number } | undefined) =>
      schema?.pattern?.startsWith('^') &&
      schema.pattern.endsWith('$') &&
      schema.maxLength !== undefined &&
      schema.maxLength <= 100;
    const unbounded = operations().flatMap(({ key, operation }) =>
      (operation.parameters ?? [])
        .filter(
          (p) =>
            p.in === 'path' && p.schema?.format !== 'uuid' && !p.schema?.enum && !anchoredPattern(p.schema),
        )
        .map((p) => `${key} ${p.name}`),
    );
    expect(unbounded).toEqual([]);
  });

  it('every query parameter is bounded: integers by a maximum (size ≤ 100), text by ≤ 100 characters or a shape', () => {
    const unbounded = operations().flatMap(({ key, operation }) =>
      (operation.parameters ?? [])
        .filter((p) => p.in === 'query' && !UNTYPED_QUERY.has(`${key} ${p.name}`))
        .filter((p) => {
          const schema = p.schema ?? {};
          if (schema.type === 'integer' || schema.type === 'number')
            return schema.maximum === undefined || (p.name === 'size' && schema.maximum > 100);
          if (schema.type === 'string')
            return (
              !(schema.enum || schema.format === 'uuid' || schema.format === 'date' || schema.pattern) &&
              !(schema.maxLength !== undefined && schema.maxLength <= 100)
            );
          return schema.type !== 'boolean';
        })
        .map((p) => `${key} ${p.name} ${JSON.stringify(p.schema)}`),
    );
    expect(unbounded).toEqual([]);
  });

  it('every date the API accepts, in the query or the body, is the one date schema', () => {
    const dates: string[] = [];
    const notDates: string[] = [];
    for (const { key, operation } of operations()) {
      const named = [
        ...(operation.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => [p.name, p.schema ?? {}] as const),
        ...bodyProperties(operation),
      ];
      for (const [name, schema] of named) {
        if (!LOOKS_LIKE_DATE.test(name)) continue;
        (schema.format === 'date' ? dates : notDates).push(`${key} ${name}`);
      }
    }
    expect(notDates).toEqual([]);
    expect(dates).toEqual(
      expect.arrayContaining([
        'GET /api/v1/reports/weekly-payments from',
        'GET /api/v1/reports/weekly-payments to',
        'GET /api/v1/audit from',
        'GET /api/v1/audit/export.csv to',
        'POST /api/v1/customers/{id}/loans requestDate',
        'PUT /api/v1/loans/{id} requestDate',
      ]),
    );
  });
});
