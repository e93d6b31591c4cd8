import { agentCredentialHeader } from '@prestaya/contracts';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { World } from '../world.ts';
import type { fuzzBodies } from './bodies.ts';
import { brokenObject, brokenPayload } from './breakers.ts';
import type { BoundaryCase } from './dates.ts';
import { hostileParam, hostileQuery } from './hostile.ts';
import { brokenMultipart } from './multipart.ts';

/** The fuzz suite's requests: who sends them, to which path, with which (broken) part. */

export type Actor = 'admin' | 'agent' | 'garbage';
const actor = fc.constantFrom<Actor>('admin', 'admin', 'agent', 'garbage');
const clientAddress = fc.ipV4();

export interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  actor: Actor;
  remoteAddress: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

/**
 * `lookupProof`: the proof a lookup of the loan would hand out, so a public payment reaches its body
 * (without it every one stops at 403 before the upload is read).
 */
export function fuzzRequests(
  world: () => World,
  { BODIES, MULTIPART }: ReturnType<typeof fuzzBodies>,
  lookupProof: (loanId: string) => string = () => '',
) {
  /**
   * Valid values of path parameters, so that a generated request gets past the router and the
   * parameter check whenever its hostile part is elsewhere. Unknown parameters get a random UUID.
   */
  function validParam(route: string, name: string): string {
    const w = world();
    if (name === 'id') {
      if (route.includes('/users/')) return w.spare.id;
      if (route.includes('/customers/')) return w.customer.id;
      if (route.includes('/bank-accounts/')) return w.account.id;
      if (route.includes('/payments/:id')) return w.payment.id;
      if (route.endsWith('/fees') || route.includes('/fees/')) return w.lateLoan.id;
      if (route.includes('/approve') || route.startsWith('PUT /api/v1/loans/:id')) return w.pendingLoan.id;
      if (route.includes('/loans/')) return w.activeLoan.id;
    }
    const known: Record<string, string> = {
      addressId: w.addressId,
      transactionId: w.transactionId,
      attachmentId: w.attachmentId,
      documentId: w.documentId,
      entity: 'customer',
      entityId: w.customer.id,
      '*': 'swagger-ui.css',
    };
    return known[name] ?? uuidv7();
  }

  /** The route's path with the given (hostile) parameters, valid ones for the rest. */
  function pathOf(route: string, hostile: Record<string, string>): string {
    const pattern = route.split(' ')[1] ?? '/';
    return pattern.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => {
      const key = name ?? '*';
      return hostile[key] ?? encodeURIComponent(validParam(route, key));
    });
  }

  const paramNames = (path: string) => [...path.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');

  /** The generator of one route's malformed requests. */
  function requestsFor(route: string): fc.Arbitrary<FuzzRequest> {
    const [method = 'GET', pattern = '/'] = route.split(' ');
    const names = paramNames(pattern);
    const write = method !== 'GET';
    const bodySpec = BODIES[route]?.();
    const multipartSpec = MULTIPART[route]?.();
    const pathWith = (hostile: Record<string, string>) => pathOf(route, hostile);
    const optionalQuery = fc.option(hostileQuery, { nil: '' });

    /** The body a write sends when something else (path, query) is what breaks it. */
    const validBody = (): { payload?: string | Buffer; headers: Record<string, string> } => {
      if (multipartSpec) return { headers: {} }; // no multipart at all: 415 or 400
      if (bodySpec)
        return {
          payload: JSON.stringify(bodySpec.template()),
          headers: { 'content-type': 'application/json' },
        };
      return { headers: {} };
    };

    const kinds: fc.Arbitrary<Omit<FuzzRequest, 'actor' | 'remoteAddress'>>[] = [];
    if (names.length) {
      const oneHostile = fc
        .subarray(names, { minLength: 1 })
        .chain((hostileNames) =>
          fc
            .tuple(...hostileNames.map(() => hostileParam))
            .map((values) => Object.fromEntries(hostileNames.map((name, i) => [name, values[i] as string]))),
        );
      kinds.push(
        fc.tuple(oneHostile, optionalQuery).map(([hostile, query]) => ({
          method,
          path: pathWith(hostile),
          query,
          ...validBody(),
        })),
      );
    }
    if (!write) {
      kinds.push(hostileQuery.map((query) => ({ method, path: pathWith({}), query, headers: {} })));
    } else {
      kinds.push(
        fc.tuple(brokenPayload, optionalQuery).map(([body, query]) => ({
          method,
          path: pathWith({}),
          query,
          payload: body.payload,
          headers: { 'content-type': body.contentType },
        })),
      );
      if (bodySpec) {
        // Twice: field-level breaks are where validation can be wrong.
        const broken = fc.tuple(brokenObject(bodySpec), optionalQuery).map(([body, query]) => ({
          method,
          path: pathWith({}),
          query,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        }));
        kinds.push(broken, broken);
        // JSON of another shape: an array or a scalar.
        kinds.push(
          fc
            .oneof(fc.jsonValue().filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)))
            .map((value) => ({
              method,
              path: pathWith({}),
              query: '',
              payload: JSON.stringify(value),
              headers: { 'content-type': 'application/json' },
            })),
        );
      }
      if (multipartSpec) {
        const body = brokenMultipart(multipartSpec);
        kinds.push(body.map((b) => ({ method, path: pathWith({}), query: '', ...b })));
        kinds.push(body.map((b) => ({ method, path: pathWith({}), query: '', ...b })));
      }
    }
    return fc
      .tuple(fc.oneof(...kinds), actor, clientAddress)
      .map(([request, who, remoteAddress]) => ({ ...request, actor: who, remoteAddress }));
  }

  function tokenOf(who: Actor): string {
    if (who === 'garbage') return 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.garbage';
    return world()[who].token;
  }

  /**
   * One boundary case as a request. A write whose dates are all valid goes to records that do not
   * exist (random ids: 404 after validation), so it is refused and changes nothing; any other write
   * goes to a real record with an otherwise valid body, so the date alone must stop it.
   */
  function boundaryRequest(route: string, boundary: BoundaryCase, who: Actor): FuzzRequest {
    const [method = 'GET', pattern = '/'] = route.split(' ');
    const write = method !== 'GET';
    const path =
      write && !boundary.mustRefuse ? pattern.replace(/:(\w+)/g, () => uuidv7()) : pathOf(route, {});
    const query = Object.entries(boundary.query)
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const body = write ? { ...(BODIES[route]?.().template() ?? {}), ...boundary.body } : undefined;
    return {
      method,
      path,
      query,
      actor: who,
      remoteAddress: '203.0.113.10',
      headers: body ? { 'content-type': 'application/json' } : {},
      ...(body ? { payload: JSON.stringify(body) } : {}),
    };
  }

  /** The request as app.inject takes it, with the actor's credential. */
  function injectOptions(route: string, request: FuzzRequest): InjectOptions {
    const isPublic = route.includes('/public/api/');
    const headers: Record<string, string> = { ...request.headers };
    if (isPublic && (route.endsWith('/payments') || route.endsWith('/payment-requests'))) {
      headers.authorization = agentCredentialHeader(world().agent.num, world().agent.pin);
      const loanId = /\/loans\/([^/?]+)\/payment/.exec(request.path)?.[1];
      if (loanId && !('x-lookup-proof' in headers)) headers['x-lookup-proof'] = lookupProof(loanId);
    } else if (!isPublic) {
      headers.authorization = `Bearer ${tokenOf(request.actor)}`;
    }
    return {
      method: request.method as InjectOptions['method'],
      url: request.query ? `${request.path}?${request.query}` : request.path,
      headers,
      remoteAddress: request.remoteAddress,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    };
  }

  return { requestsFor, boundaryRequest, injectOptions };
}
