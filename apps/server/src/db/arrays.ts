/**
 * A PostgreSQL array literal as ONE text parameter (`${uuidArray(ids)}::uuid[]`): a thousand ids bind
 * and plan as one value instead of a thousand placeholders, on node-postgres and PGlite alike. Only
 * for values without commas, quotes or braces (uuids).
 */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
