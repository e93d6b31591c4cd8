import { agentCredentialHeader } from '@prestaya/contracts';
import type { FastifyInstance } from 'fastify';
import { lookupProof, lookupProofKey } from '../../src/modules/public/lookup-proof.ts';
import { multipart, type Part } from './builders.ts';

/** Shortcuts of the public-side tests: no Bearer token anywhere. */

export const BAD_CREDENTIAL = 'Autorización inválida: verifique su número de usuario y PIN';
export const LOOKUP_MISS = 'No se encontró el Préstamo';
export const TOO_MANY = 'Demasiadas solicitudes. Intente de nuevo en un minuto.';
/** A locked user number (423), with the business-clock time it opens. */
export const pinLockedMessage = (time: string) =>
  `PIN bloqueado por demasiados intentos; intente de nuevo a las ${time}`;
export const PIN_LOCKED =
  /^PIN bloqueado por demasiados intentos; intente de nuevo a las ([01]\d|2[0-3]):[0-5]\d$/;
export const NOT_ASSIGNED = 'El pago debe autorizarlo el agente asignado al cliente o un administrador';
export const LOOKUP_REQUIRED = 'Busque de nuevo el préstamo con su número y teléfono para registrar el pago';

/**
 * `X-Lookup-Proof` as the lookup of `loanId` would hand it out now: for tests about something else than
 * the lookup itself (test/pin/ proves it with real lookups).
 */
export function lookupProofHeader(app: FastifyInstance, loanId: string): { 'x-lookup-proof': string } {
  return { 'x-lookup-proof': lookupProof(lookupProofKey(app.config.jwtSecret), loanId, app.now()) };
}

export function publicApi(app: FastifyInstance) {
  return {
    search: (query: string) => app.inject({ method: 'GET', url: `/public/api/v1/loans/search${query}` }),
    detail: (id: string) => app.inject({ method: 'GET', url: `/public/api/v1/loans/${id}` }),
    /**
     * `authorization`: a header value, or [userNum, pin] encoded with the contracts' helper;
     * `remoteAddress`: the client address (request.ip), 127.0.0.1 by default. The lookup proof of the
     * loan is sent unless `extraHeaders` has its own `x-lookup-proof` ('' sends none).
     */
    pay: (
      loanId: string,
      parts: Part[],
      authorization?: string | [number | string, string],
      remoteAddress?: string,
      extraHeaders: Record<string, string> = {},
    ) => {
      const { payload, headers } = multipart(parts);
      const auth =
        authorization === undefined
          ? {}
          : {
              authorization: Array.isArray(authorization)
                ? agentCredentialHeader(authorization[0], authorization[1])
                : authorization,
            };
      const { 'x-lookup-proof': proof, ...others } = extraHeaders;
      const proofHeader =
        proof === undefined
          ? lookupProofHeader(app, loanId)
          : proof === ''
            ? {}
            : { 'x-lookup-proof': proof };
      return app.inject({
        method: 'POST',
        url: `/public/api/v1/loans/${loanId}/payments`,
        payload,
        headers: { ...headers, ...auth, ...proofHeader, ...others },
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    },
  };
}

/** Every key anywhere in a JSON value (nested objects and arrays), for "nothing else leaks" checks. */
export function allKeys(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) allKeys(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      allKeys(inner, into);
    }
  }
  return into;
}
