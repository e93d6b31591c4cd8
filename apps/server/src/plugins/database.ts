import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../db/client.ts';
import { type DbCaller, dbCaller, type PgliteQueue } from '../db/pglite-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDb;
  }
}

export interface DatabasePluginOptions {
  db: AppDb;
  /** PGlite's queue (db/pglite-queue.ts): each request's statements are ordered by its route's cost. */
  queue?: PgliteQueue;
}

/**
 * Makes the drizzle handle available to routes as `app.db`; closing it is server.ts's job. On PGlite,
 * every request runs as a caller of the database's queue (its route, when it arrived), and when it
 * ends the database time it took teaches the queue what its route costs.
 */
async function database(app: FastifyInstance, options: DatabasePluginOptions) {
  app.decorate('db', options.db);
  const queue = options.queue;
  if (!queue) return;
  const callers = new WeakMap<FastifyRequest, DbCaller>();
  app.addHook('onRequest', (request, _reply, done) => {
    const caller = {
      route: `${request.method} ${request.routeOptions.url ?? '(no route)'}`,
      arrivedAt: performance.now(),
      heldMs: 0,
    };
    callers.set(request, caller);
    dbCaller.run(caller, done);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const caller = callers.get(request);
    if (caller && request.routeOptions.url !== undefined) queue.learn(caller.route, caller.heldMs);
    done();
  });
}

export const databasePlugin = fp(database, { name: 'prestaya-database' });
