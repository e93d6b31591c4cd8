import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDb;
  }
}

/** Makes the drizzle handle available to routes as `app.db`; closing it is server.ts's job. */
async function database(app: FastifyInstance, options: { db: AppDb }) {
  app.decorate('db', options.db);
}

export const databasePlugin = fp(database, { name: 'prestaya-database' });
