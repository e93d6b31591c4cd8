import type { Problem } from '@prestaya/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDataException } from '../db/pg-errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { HttpProblem } from '../errors.ts';
import { problemBody, sendProblem } from '../http/problems.ts';
import { refusalMessage } from '../http/refusals.ts';

// Every error, the router's own included, leaves as a problem+json body built by http/problems.ts.

/** Fastify's own client errors, by code, with a Spanish detail instead of its English message. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: 'El cuerpo de la solicitud no es JSON válido' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: 'El cuerpo de la solicitud está vacío' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    detail: 'Tipo de contenido no soportado; envíe application/json',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: 'El cuerpo de la solicitud es demasiado grande' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    detail: 'La longitud del cuerpo no coincide con Content-Length',
  },
  // Raised by the router before any hook (frameworkErrors below): `/customers/%`, a 300-character id.
  FST_ERR_BAD_URL: { status: 400, detail: 'La dirección solicitada no es válida' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, detail: 'La URL es demasiado larga' },
};

/** The 404 of an unknown route or resource that no refusal names. */
export const NOT_FOUND_DETAIL = 'Recurso no encontrado';
const INTERNAL_DETAIL = 'Error interno del servidor';

const GENERIC_DETAILS: Record<number, string> = {
  401: refusalMessage('session.invalid'),
  403: refusalMessage('forbidden'),
  404: NOT_FOUND_DETAIL,
  405: 'Método no permitido',
  413: 'El cuerpo de la solicitud es demasiado grande',
  414: 'La URL es demasiado larga',
  415: 'Tipo de contenido no soportado',
  416: 'El rango solicitado no existe en el archivo',
};

/** Every 503 (database unreachable, load shed, shutting down) tells the client when to come back. */
export const RETRY_AFTER_SECONDS = 5;

export const DATA_EXCEPTION_DETAIL = 'Los datos enviados contienen caracteres o valores no permitidos';

/** `/roles/0` → `roles.0`; an empty path means the whole body/query/params object. */
function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.split('/').filter(Boolean).join('.');
  return path || (context ?? 'body');
}

function validationProblem(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
  request: FastifyRequest,
): Problem {
  const context = error.validationContext;
  if (context === 'body' && request.body === undefined) {
    const message = 'El cuerpo de la solicitud es requerido';
    return problemBody(400, message, [{ field: 'body', message }]);
  }
  const errors = error.validation.map((issue) => ({
    field: fieldName(issue.instancePath, context),
    message: issue.message ?? 'Valor inválido',
  }));
  return problemBody(400, errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
}

export function toProblem(error: unknown, request: FastifyRequest): Problem {
  if (error instanceof HttpProblem) return problemBody(error.status, error.detail, error.errors);
  if (hasZodFastifySchemaValidationErrors(error)) return validationProblem(error, request);
  if (isDataException(error)) return problemBody(400, DATA_EXCEPTION_DETAIL);
  if (isDatabaseUnavailable(error)) return problemBody(503, refusalMessage('database.unavailable'));
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return problemBody(known.status, known.detail);
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return problemBody(status, GENERIC_DETAILS[status] ?? 'Solicitud inválida');
  }
  return problemBody(500, INTERNAL_DETAIL);
}

async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const problem = toProblem(error, request);
    if (problem.status === 503) {
      // An outage or an overload, not a bug: one warning per request, no stack.
      request.log.warn({ reason: (error as Error).message }, 'service unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (problem.status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
    } else if (!(error instanceof HttpProblem)) {
      request.log.info({ code: (error as FastifyError).code, status: problem.status }, 'client error');
    } else if (error.cause !== undefined) {
      // A refusal that hides a library's reason (an unreadable upload): the reason, for the operator.
      request.log.info({ status: problem.status, cause: String(error.cause) }, 'client error');
    }
    return sendProblem(reply, problem);
  });
}

/**
 * Fastify's `frameworkErrors` option: errors the router raises before routing (a malformed percent
 * escape, an over-long parameter) would otherwise be answered with Fastify's own English JSON.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, 'client error');
  return sendProblem(reply, toProblem(error, request));
}

/** 404 for every unknown route; `fallback` lets the SPA answer browser navigations first. */
export function setNotFoundProblem(
  app: FastifyInstance,
  fallback?: (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => FastifyReply | Promise<FastifyReply> | undefined,
) {
  app.setNotFoundHandler((request, reply) => {
    const handled = fallback?.(request, reply);
    if (handled) return handled;
    return sendProblem(reply, problemBody(404, NOT_FOUND_DETAIL));
  });
}

export const errorHandlerPlugin = fp(errorHandler, { name: 'prestaya-error-handler' });
