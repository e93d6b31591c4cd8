import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Refusal } from '../http/refusals.ts';
import { RETRY_AFTER_SECONDS } from './errors.ts';

export interface LoadSheddingOptions {
  /** Mean event-loop delay (ms) over a sample above which new requests are refused. */
  maxEventLoopDelayMs: number;
  /** How often the delay is sampled (ms). */
  sampleIntervalMs: number;
}

/**
 * A server whose event loop lags a whole second is already failing its clients' timeouts; answering
 * more requests would only make every one of them later. Above that, new requests get a 503
 * problem+json (refusal 'server.overloaded') with Retry-After, until the next sample is back under it.
 * A second is far above what a busy 2-core machine shows while serving (tens of ms), so normal load,
 * and the test suites, never trip it.
 */
export const LOAD_SHEDDING: LoadSheddingOptions = { maxEventLoopDelayMs: 1000, sampleIntervalMs: 1000 };

class Overloaded extends Refusal {
  constructor() {
    super('server.overloaded');
  }
}

async function loadShedding(app: FastifyInstance, options: LoadSheddingOptions) {
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: options.sampleIntervalMs,
    retryAfter: RETRY_AFTER_SECONDS,
    customError: Overloaded,
  });
}

export const loadSheddingPlugin = fp(loadShedding, { name: 'prestaya-load-shedding' });
