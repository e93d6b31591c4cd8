import { problem, z } from '@prestaya/contracts';
import type { FastifyPluginOptions, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

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

/** The `{ status: 'OK', data }` envelope of every JSON success reply. */
export const ok = <T>(data: T) => ({ status: 'OK' as const, data });

type OnRequest = (request: FastifyRequest) => Promise<void>;

/**
 * The options of one module's routes: the OpenAPI tag they all carry, the route's own schema as
 * written beside its URL, and an optional onRequest guard (a role check, refused before the body is
 * read).
 */
function routeDocs(tag: string) {
  return <S extends FastifySchema>(schema: S, onRequest?: OnRequest) => ({
    ...(onRequest ? { onRequest } : {}),
    schema: { tags: [tag], ...schema },
  });
}

/**
 * A plugin whose routes all carry one OpenAPI tag: `docs` builds each route's options with it. Other
 * route options (config, preHandler) are spread beside `docs(…)`.
 */
export function taggedRoutes<Options extends FastifyPluginOptions = Record<never, never>>(
  tag: string,
  routes: (
    app: Parameters<FastifyPluginAsyncZod<Options>>[0],
    docs: ReturnType<typeof routeDocs>,
    options: Options,
  ) => Promise<void>,
): FastifyPluginAsyncZod<Options> {
  const docs = routeDocs(tag);
  return (app, options) => routes(app, docs, options);
}
