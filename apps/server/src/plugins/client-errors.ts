import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PROBLEM_CONTENT_TYPE, problemBody, sendProblem } from '../http/problems.ts';

/**
 * Replies produced below Fastify's routing: Node's HTTP parser refuses a request (clientError), Node
 * answers an HTTP/1.1 request without Host or with an `Expect` it cannot meet, or the request never
 * finishes arriving. Left alone, each is Node's or Fastify's English JSON or an empty body; here each
 * is the same problem+json with a Spanish detail as every other error.
 */

const MALFORMED_LINE = 'La línea de solicitud no es válida';
const BAD_HEADER = 'Un encabezado de la solicitud contiene caracteres no permitidos';
const BAD_CONTENT_LENGTH = 'Content-Length no es válido';

/** Node/llhttp error codes (https://github.com/nodejs/llhttp) → status and Spanish detail. */
const PARSER_ERRORS: Record<string, { status: number; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'Los encabezados de la solicitud son demasiado grandes' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'La solicitud tardó demasiado en llegar completa' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    detail: 'Las extensiones de los fragmentos de la solicitud son demasiado grandes',
  },
  HPE_INVALID_METHOD: { status: 400, detail: MALFORMED_LINE },
  HPE_INVALID_VERSION: { status: 400, detail: MALFORMED_LINE },
  HPE_INVALID_CONSTANT: { status: 400, detail: MALFORMED_LINE },
  HPE_INVALID_URL: { status: 400, detail: 'La dirección solicitada no es válida' },
  HPE_INVALID_HEADER_TOKEN: { status: 400, detail: BAD_HEADER },
  HPE_LF_EXPECTED: { status: 400, detail: BAD_HEADER },
  HPE_INVALID_CHUNK_SIZE: {
    status: 400,
    detail: 'El cuerpo fragmentado (chunked) de la solicitud no es válido',
  },
  HPE_INVALID_TRANSFER_ENCODING: {
    status: 400,
    detail: 'Transfer-Encoding no es válido o llega junto con Content-Length',
  },
  HPE_INVALID_CONTENT_LENGTH: { status: 400, detail: BAD_CONTENT_LENGTH },
  HPE_UNEXPECTED_CONTENT_LENGTH: { status: 400, detail: BAD_CONTENT_LENGTH },
};
const MALFORMED_REQUEST = { status: 400, detail: 'La solicitud HTTP está mal formada' };

export const CLOSING_DETAIL = 'El servidor se está deteniendo; intente de nuevo en unos segundos';
export const MISSING_HOST_DETAIL = 'Falta el encabezado Host';
export const UNMET_EXPECTATION_DETAIL = 'El encabezado Expect no es compatible; envíe la solicitud sin él';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Content Too Large',
  431: 'Request Header Fields Too Large',
};

/** A whole HTTP/1.1 reply as bytes, for the socket-level handler (there is no `reply` object there). */
function rawProblemReply(status: number, detail: string): string {
  const body = JSON.stringify(problemBody(status, detail));
  return [
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Bad Request'}`,
    `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Node's private marker of the reply in flight on a keep-alive socket (what Node itself checks). */
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null };

/**
 * Fastify's `clientErrorHandler` option (`this` is the instance). Writes nothing when a reply is
 * already part-way out on this socket (the peer would read a corrupted response) or the peer is gone.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = (error.code && PARSER_ERRORS[error.code]) || MALFORMED_REQUEST;
  this.log.info({ code: error.code, status }, 'client error');
  const inFlight = (socket as HttpSocket)._httpMessage;
  if (socket.writable && !inFlight?.headersSent) socket.write(rawProblemReply(status, detail));
  socket.destroy(error);
}

/**
 * Replies Node or Fastify would send themselves, in English or with an empty body. Options the server
 * is built with must go with it: `http: { requireHostHeader: false }` (a Host-less HTTP/1.1 request
 * reaches the hook below) and `return503OnClosing: false`.
 */
async function nodeLevelProblems(app: FastifyInstance) {
  // A request that arrives on an open connection while the server drains would get Fastify's English
  // 503; with `return503OnClosing: false` it reaches this hook, which answers the same 503 as a problem.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) return sendProblem(reply.header('connection', 'close'), problemBody(503, CLOSING_DETAIL));
  });
  // RFC 9112 §3.2: an HTTP/1.1 request without Host is refused with 400.
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    if (raw.httpVersion === '1.1' && raw.headers.host === undefined) {
      reply.header('connection', 'close');
      return sendProblem(reply, problemBody(400, MISSING_HOST_DETAIL));
    }
  });
  // Any `Expect` but 100-continue: with a listener, Node leaves the 417 to us.
  app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify(problemBody(417, UNMET_EXPECTATION_DETAIL));
    response.writeHead(417, {
      'content-type': PROBLEM_CONTENT_TYPE,
      'content-length': Buffer.byteLength(body),
      'x-content-type-options': 'nosniff',
      connection: 'close',
    });
    response.end(body);
  });
}

export const nodeLevelProblemsPlugin = fp(nodeLevelProblems, { name: 'prestaya-node-level-problems' });
