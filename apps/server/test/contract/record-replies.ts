import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, expect } from 'vitest';
import { contractChecker, type OpenApiDocument, type RecordedReply } from './openapi-contract.ts';

/**
 * Vitest setup file of the server project: every reply of every app the test file builds (useTestApp,
 * second instances, real listening servers) is checked against that app's own OpenAPI document as it
 * is sent, and the file fails in afterAll if any reply is not described (openapi-contract.ts says what
 * is in and out of contract). Fastify announces each new instance on the `fastify.initialization`
 * diagnostics channel, before any plugin, so the hook sees every route without a change to the tests.
 */

const violations = new Map<string, string>();
let checked = 0;

/**
 * One checker per set of routes, shared by every app of the worker's files. An app's document is a
 * function of the code of its routes, so apps with the same routes (method and URL) have the same
 * document, and producing it (the swagger plugin converting every Zod schema) and compiling its
 * validators took about an eighth of the API files' time when each app did it again. On globalThis,
 * because Vitest evaluates this set-up file again for each test file.
 */
const CHECKERS = Symbol.for('prestaya.contract-checkers');
type Checker = ReturnType<typeof contractChecker>;
const shared = globalThis as { [CHECKERS]?: Map<string, Checker> };
shared[CHECKERS] ??= new Map();
const checkers = shared[CHECKERS];

function checkerFor(routes: string[], document: () => OpenApiDocument): Checker {
  const key = routes.sort().join('\n');
  let checker = checkers.get(key);
  if (!checker) {
    checker = contractChecker(document());
    checkers.set(key, checker);
  }
  return checker;
}

function bodyText(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined;
}

function testName(): string {
  return expect.getState().currentTestName ?? '(outside a test)';
}

function watch(fastify: FastifyInstance) {
  let checker: Checker | undefined;
  const routes: string[] = [];
  fastify.addHook('onRoute', (route) => {
    routes.push(`${[route.method].flat().join(',')} ${route.url}`);
  });
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Only the API app has a document; other Fastify instances a test may build are not checked.
    if (typeof fastify.swagger !== 'function') return payload;
    checker ??= checkerFor(routes, () => fastify.swagger() as OpenApiDocument);
    const recorded: RecordedReply = {
      method: request.method,
      url: request.url,
      route: request.routeOptions.url,
      status: reply.statusCode,
      contentType: reply.getHeader('content-type')?.toString(),
      body: bodyText(payload),
    };
    checked += 1;
    let violation: string | undefined;
    try {
      violation = checker.check(recorded);
    } catch (error) {
      violation = `checker failed: ${(error as Error).message}`;
    }
    if (violation) {
      const operation = `${recorded.method} ${recorded.route ?? '(no route)'} → ${recorded.status}`;
      const key = `${operation}: ${violation.slice(0, 120)}`;
      if (!violations.has(key))
        violations.set(key, `${operation} (${recorded.url}, test "${testName()}"): ${violation}`);
    }
    return payload;
  });
}

const initialization = channel('fastify.initialization');
const onInstance = (message: unknown) => watch((message as { fastify: FastifyInstance }).fastify);
initialization.subscribe(onInstance);

afterAll(() => {
  initialization.unsubscribe(onInstance);
  expect([...violations.values()], `replies (of ${checked}) the OpenAPI document does not describe`).toEqual(
    [],
  );
});

/** Removes and returns the violations naming `operation` (for the test that provokes one on purpose). */
export function takeViolations(operation: string): string[] {
  const taken = [...violations].filter(([key]) => key.includes(operation));
  for (const [key] of taken) violations.delete(key);
  return taken.map(([, message]) => message);
}
