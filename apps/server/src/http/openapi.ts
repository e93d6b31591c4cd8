import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { problem, z } from '@prestaya/contracts';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { problemBody } from './problems.ts';

/**
 * The rules that make the OpenAPI document say what the server really answers, applied to every
 * route centrally so that a new route is described correctly without remembering them:
 * - every problem reply is `application/problem+json` with the one `Problem` component;
 * - the statuses the framework itself can answer are listed for the routes where they can happen
 *   (routes may list more: 403, 409, …);
 * - a multipart upload declared with `schema.multipart` gets its request body and part encodings.
 * The contract test (test/contract) checks every reply of the test suite against the result.
 */

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** One part of a `multipart/form-data` body: its schema and the media type(s) it is sent as. */
export interface MultipartPart {
  schema: z.ZodType;
  contentType: string;
  required?: boolean;
}

declare module 'fastify' {
  interface FastifySchema {
    /**
     * OpenAPI only (Fastify does not validate it): the parts of a multipart body the handler reads
     * itself, so the document can describe the request a client must build.
     */
    multipart?: Record<string, MultipartPart>;
  }
}

/** Methods whose body Fastify parses (handleRequest): they can answer 400, 413 and 415 before the handler. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The app's session hook (app.ts) guards this prefix; `config.anonymous` opts a route out. */
const SESSION_PREFIX = '/api/v1/';

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/**
 * Problem statuses a route can answer whatever its handler does: 400 on every route (invalid input, or
 * an HTTP/1.1 request without Host, which is refused whatever the route), 401 without a session, 404
 * for an unknown id in the path, 413/415 for a body too large or of another type, 429 when it is
 * rate-limited. Exported for the document test.
 */
export function frameworkProblemStatuses(route: RouteOptions): number[] {
  const takesBody = methodsOf(route).some((method) => BODY_METHODS.has(method.toUpperCase()));
  const statuses = new Set<number>([400]);
  if (route.url.startsWith(SESSION_PREFIX) && !route.config?.anonymous) statuses.add(401);
  if (route.url.includes('/:')) statuses.add(404);
  if (takesBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.config?.rateLimit) statuses.add(429);
  return [...statuses];
}

const problemContent = (description: string) => ({
  description,
  content: { [PROBLEM_MEDIA_TYPE]: { schema: problem } },
});

const UNEXPECTED = 'Error inesperado del servidor (500) o servicio no disponible (503)';

/** The route's responses with the framework's problems added, problems as problem+json, by status. */
function documentedResponses(route: RouteOptions, declared: Record<string, unknown>) {
  const responses: Record<string, unknown> = {};
  for (const status of frameworkProblemStatuses(route)) responses[status] = problem;
  Object.assign(responses, declared);
  const ordered = Object.keys(responses).sort((a, b) => Number(a) - Number(b));
  const result: Record<string, unknown> = {};
  for (const status of ordered) {
    const schema = responses[status];
    result[status] = schema === problem ? problemContent(problemBody(Number(status), '').title) : schema;
  }
  result.default ??= problemContent(UNEXPECTED);
  return result;
}

const operationKey = (method: string, url: string) => `${method.toLowerCase()} ${url}`;

/** OpenAPI path of a Fastify URL: `/loans/:id/` → `/loans/{id}` (the router ignores trailing slashes). */
export function openApiPath(url: string): string {
  const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The swagger plugin's `transform` and `transformObject`, sharing what the first learns per route. */
export function openApiTransforms(): {
  transform: SwaggerTransform;
  transformObject: SwaggerTransformObject;
} {
  const encodings = new Map<string, Record<string, { contentType: string }>>();

  const transform: SwaggerTransform = (input) => {
    const { schema = {}, route } = input;
    if (schema.hide) return jsonSchemaTransform(input);
    const { multipart, ...rest } = schema;
    const documented = { ...rest, response: documentedResponses(route, (schema.response ?? {}) as never) };
    if (multipart) {
      // Only the document sees this body: the route's own schema (and so its validation) is untouched.
      const parts = Object.entries(multipart).map(([name, part]) => [
        name,
        part.required ? part.schema : part.schema.optional(),
      ]);
      Object.assign(documented, {
        body: z.object(Object.fromEntries(parts)),
        consumes: ['multipart/form-data'],
      });
      const encoding = Object.fromEntries(
        Object.entries(multipart).map(([name, part]) => [name, { contentType: part.contentType }]),
      );
      for (const method of methodsOf(route))
        encodings.set(operationKey(method, openApiPath(route.url)), encoding);
    }
    return jsonSchemaTransform({ ...input, schema: documented });
  };

  const transformObject: SwaggerTransformObject = (documentObject) => {
    if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
    const document = documentObject.openapiObject as OpenApiLike;
    document.components = {
      ...document.components,
      schemas: { ...document.components?.schemas, Problem: problemJsonSchema() },
    };
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item)) {
        for (const response of Object.values(operation.responses ?? {})) {
          const media = response.content?.[PROBLEM_MEDIA_TYPE];
          if (media) media.schema = { $ref: '#/components/schemas/Problem' };
        }
        const encoding = encodings.get(operationKey(method, path));
        const multipart = operation.requestBody?.content?.['multipart/form-data'];
        if (encoding && multipart) multipart.encoding = encoding;
      }
    }
    return document;
  };

  return { transform, transformObject };
}

function problemJsonSchema() {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(problem, { target: 'openapi-3.0', io: 'output' });
  return schema;
}

interface MediaLike {
  schema?: unknown;
  encoding?: unknown;
}
interface OpenApiLike {
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<
    string,
    Record<
      string,
      {
        responses?: Record<string, { content?: Record<string, MediaLike> }>;
        requestBody?: { content?: Record<string, MediaLike> };
      }
    >
  >;
}
