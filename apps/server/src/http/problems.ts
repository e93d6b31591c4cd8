import type { Problem } from '@prestaya/contracts';
import type { FastifyReply } from 'fastify';
import type { FieldError } from '../errors.ts';

/**
 * The one shape of every refusal: `application/problem+json` (RFC 9457). `detail` is Spanish and
 * safe to show; stacks and driver messages stay in the server log (plugins/errors.ts).
 */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

const TITLES: Record<number, string> = {
  400: 'Solicitud inválida',
  401: 'No autenticado',
  403: 'Prohibido',
  404: 'No encontrado',
  405: 'Método no permitido',
  406: 'No aceptable',
  408: 'Tiempo de espera agotado',
  409: 'Conflicto',
  413: 'Contenido demasiado grande',
  414: 'URL demasiado larga',
  415: 'Tipo de contenido no soportado',
  416: 'Rango no satisfacible',
  417: 'Expectativa no satisfecha',
  422: 'Entidad no procesable',
  423: 'Bloqueado',
  429: 'Demasiadas solicitudes',
  431: 'Encabezados demasiado grandes',
  500: 'Error interno',
  503: 'Servicio no disponible',
};

export function problemBody(status: number, detail: string, errors?: FieldError[]): Problem {
  return {
    type: 'about:blank',
    title: TITLES[status] ?? (status < 500 ? 'Solicitud inválida' : 'Error interno'),
    status,
    detail,
    ...(errors?.length ? { errors } : {}),
  };
}

export function sendProblem(reply: FastifyReply, problem: Problem) {
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
}
