import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { openApiPath } from '../../src/http/openapi.ts';

/**
 * Checks one reply of the API against the OpenAPI document: the status is declared for the operation,
 * the media type is declared for that status, and a JSON body is valid against its schema. A reply the
 * document does not describe is a violation. Out of contract, by decision:
 * - routes the document hides on purpose (Swagger UI under /api/docs, the web app's files), as long
 *   as they are not API paths: an API route missing from the document is a violation;
 * - replies that match no route (the not-found handler, router errors such as a bad percent escape):
 *   they belong to no operation, so they are held to the one rule every error follows, a 4xx
 *   `application/problem+json` body valid against `components.schemas.Problem`; the one exception is
 *   the web app's HTML page, which the not-found handler serves to browser navigations outside the API.
 * 5xx replies are accepted only through the operation's `default` response (problem+json).
 */

export interface RecordedReply {
  method: string;
  /** The request URL as sent (for the message). */
  url: string;
  /** Fastify's route pattern (`/api/v1/loans/:id`), undefined when no route matched. */
  route: string | undefined;
  status: number;
  contentType: string | undefined;
  /** The serialized body, or undefined when it was streamed (CSV, images) or empty. */
  body: string | undefined;
}

interface MediaObject {
  schema?: object;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
}
interface OperationObject {
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, object> };
}

/** Paths served by the API: a route under them must be in the document. */
const API_PATHS = [/^\/api\/v1(\/|$)/, /^\/public\/api\/v1(\/|$)/, /^\/health(\/ready)?$/];

// ajv-formats is CommonJS: under ESM its default export is the module object.
const addFormats = ((addFormatsModule as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

const mediaTypeOf = (contentType: string | undefined) => contentType?.split(';', 1)[0]?.trim().toLowerCase();
const isJson = (media: string) => media === 'application/json' || media.endsWith('+json');

export function contractChecker(document: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();

  /** Compiles each schema once; refs resolve inside the document's own components. */
  function validatorFor(key: string, schema: object): ValidateFunction {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile({ ...schema, components: document.components ?? {} });
      validators.set(key, validate);
    }
    return validate;
  }

  function checkBody(key: string, media: string, schema: object | undefined, reply: RecordedReply) {
    if (!isJson(media) || !schema || reply.body === undefined) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(reply.body);
    } catch {
      return `body is not JSON: ${reply.body.slice(0, 200)}`;
    }
    const validate = validatorFor(key, schema);
    if (validate(parsed)) return undefined;
    return `body does not match the schema: ${ajv.errorsText(validate.errors)}; body ${reply.body.slice(0, 300)}`;
  }

  function checkUnrouted(reply: RecordedReply): string | undefined {
    const media = mediaTypeOf(reply.contentType);
    const path = reply.url.split('?', 1)[0] ?? '';
    // The web app's page for a browser navigation to a client-side route (/admin/users, /consulta).
    if (media === 'text/html' && !API_PATHS.some((api) => api.test(path))) return undefined;
    if (reply.status < 400 || reply.status >= 500) return `unrouted reply with status ${reply.status}`;
    if (media !== 'application/problem+json') return `unrouted ${reply.status} as ${reply.contentType}`;
    return checkBody('#Problem', media, { $ref: '#/components/schemas/Problem' }, reply);
  }

  /** The violation, or undefined when the document describes the reply. */
  function check(reply: RecordedReply): string | undefined {
    if (reply.route === undefined) return checkUnrouted(reply);
    const path = openApiPath(reply.route);
    const item = document.paths[path];
    if (!item)
      return API_PATHS.some((api) => api.test(path)) ? `route ${path} is not in the document` : undefined;
    // Fastify answers HEAD from the GET route.
    const method = reply.method === 'HEAD' ? 'get' : reply.method.toLowerCase();
    const operation = item[method];
    if (!operation) return `${method.toUpperCase()} ${path} is not in the document`;
    const responses = operation.responses ?? {};
    const declared = responses[String(reply.status)] ?? (reply.status >= 500 ? responses.default : undefined);
    if (!declared) return `status ${reply.status} is not declared`;
    const content = declared.content ?? {};
    const media = mediaTypeOf(reply.contentType);
    if (!media) return Object.keys(content).length && reply.body ? 'no content type' : undefined;
    const mediaObject = content[media];
    if (!mediaObject)
      return `${media} is not declared for ${reply.status} (${Object.keys(content).join(', ')})`;
    if (reply.method === 'HEAD') return undefined;
    return checkBody(`${method} ${path} ${reply.status} ${media}`, media, mediaObject.schema, reply);
  }

  return { check };
}
