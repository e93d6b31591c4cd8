/**
 * Boundary dates for the fuzz suite (fuzz.test.ts), on EVERY date parameter of EVERY route. The date
 * parameters are read from the OpenAPI document the app builds from its own zod schemas (`format:
 * date`, contracts isoDate), in the query and in JSON bodies (not multipart uploads), so a new date parameter is covered
 * without anyone listing it.
 */

/** Outside 2000–2099, the last representable ISO days, and both kinds of 29 February. */
export const BOUNDARY_DATES = [
  '0001-01-01',
  '1999-12-31',
  '2100-01-01',
  '9999-12-31',
  '2023-02-29',
  '2024-02-29',
];
/** The one boundary date that is a valid day of the range. */
const ACCEPTED = new Set(['2024-02-29']);
/** A plain valid day for the other end of a range, so the boundary alone decides. */
const ORDINARY = '2024-03-15';

export interface DateParameters {
  query: string[];
  body: string[];
}

interface JsonSchema {
  format?: string;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: JsonSchema }[];
        requestBody?: { content: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

const isDate = (schema: JsonSchema | undefined) => schema?.format === 'date';

/** `METHOD /path/:param` (the router's form, as listRoutes gives it) → its date parameters. */
export function dateParameters(document: OpenApi): Map<string, DateParameters> {
  const found = new Map<string, DateParameters>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const query = (operation.parameters ?? [])
        .filter((p) => p.in === 'query' && isDate(p.schema))
        .map((p) => p.name);
      // The suite sends JSON bodies; a multipart upload's date field is checked by its own tests.
      const json = Object.entries(operation.requestBody?.content ?? {})
        .filter(([type]) => type === 'application/json')
        .map(([, content]) => content);
      const body = json.flatMap(({ schema }) =>
        [schema, ...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].flatMap((s) =>
          Object.entries(s?.properties ?? {})
            .filter(([, property]) => isDate(property))
            .map(([name]) => name),
        ),
      );
      if (!query.length && !body.length) continue;
      const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      found.set(route, { query, body: [...new Set(body)] });
    }
  }
  return found;
}

export interface BoundaryCase {
  /** Date query parameters (URL-safe values). */
  query: Record<string, string>;
  /** Date fields to set on a body. */
  body: Record<string, string>;
  /** True when a date in it is outside the range or not a calendar day: the request must be refused. */
  mustRefuse: boolean;
}

const refusedIfAny = (values: string[]) => values.some((value) => value !== ORDINARY && !ACCEPTED.has(value));

/**
 * The boundary cases of one route: every boundary date in every date parameter, alone (the others an
 * ordinary day) and in all of them at once, plus the last two days of year 9999 as a range.
 */
export function boundaryCases(parameters: DateParameters): BoundaryCase[] {
  const cases: BoundaryCase[] = [];
  const { query, body } = parameters;
  const withQuery = (values: Record<string, string>) =>
    cases.push({ query: values, body: {}, mustRefuse: refusedIfAny(Object.values(values)) });
  for (const date of BOUNDARY_DATES) {
    if (query.length) withQuery(Object.fromEntries(query.map((name) => [name, date])));
    if (query.length > 1) {
      for (const name of query) {
        withQuery(Object.fromEntries(query.map((other) => [other, other === name ? date : ORDINARY])));
      }
    }
    for (const name of body)
      cases.push({ query: {}, body: { [name]: date }, mustRefuse: !ACCEPTED.has(date) });
  }
  if (query.length > 1) {
    withQuery(Object.fromEntries(query.map((name, i) => [name, i === 0 ? '9999-12-30' : '9999-12-31'])));
  }
  return cases;
}
