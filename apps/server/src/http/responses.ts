import { problem, z } from '@prestaya/contracts';

/** Response schemas for the problem statuses a route can answer, so the OpenAPI document lists them. */
export function problemResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, problem])) as Record<S[number], typeof problem>;
}

/** OpenAPI: routes that need no Bearer token. */
export const NO_AUTH: Record<string, string[]>[] = [];

/**
 * A 2xx body that is not JSON (a CSV, an image): a string in the document, while the handler may
 * still send a stream (a typed z.string() would refuse one).
 */
export const rawBody = (description: string, format?: 'binary') =>
  z.any().meta({ type: 'string', ...(format ? { format } : {}), description });
