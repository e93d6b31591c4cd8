import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../db/client.ts';
import { countHit } from '../db/rate-limit-hits.ts';
import { refuse } from '../http/refusals.ts';

function postgresStore(db: AppDb): FastifyRateLimitStoreCtor {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countHit(db, key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child() {
      return new PostgresRateLimitStore();
    }
  };
}

/** Opt-in per route (`config.rateLimit` with a `keyGenerator` naming the limit); nothing is limited globally. */
async function rateLimits(app: FastifyInstance, { db }: { db: AppDb }) {
  await app.register(rateLimit, {
    global: false,
    store: postgresStore(db),
    errorResponseBuilder: () => refuse('auth.too_many_attempts'),
  });
}

export const rateLimitPlugin = fp(rateLimits, { name: 'prestaya-rate-limit' });
