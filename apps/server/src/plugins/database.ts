import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../db/client.ts';
import { type DbCaller, dbCaller } from '../db/pglite-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDb;
  }
}

export interface DatabasePluginOptions {
  db: AppDb;
  /** On PGlite (db/pglite-queue.ts): each request's statements wait in its route's line. */
  queued?: boolean;
}

/**
 * Makes the drizzle handle available to routes as `app.db`; closing it is server.ts's job. On PGlite,
 * every request runs as a caller of the database's queue: its route (its line) and when it arrived.
 */
async function database(app: FastifyInstance, options: DatabasePluginOptions) {
  app.decorate('db', options.db);
  if (!options.queued) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const caller: DbCaller = {
      route: `${request.method} ${request.routeOptions.url ?? '(no route)'}`,
      arrivedAt: performance.now(),
    };
    dbCaller.run(caller, done);
  });
}

export const databasePlugin = fp(database, { name: 'prestaya-database' });
