/**
 * One load case: autocannon (closed loop, N connections, keep-alive) cycling through a list of request
 * paths, after a warm-up run whose figures are thrown away. autocannon's histogram has no p95, so every
 * response time is kept and the percentiles are computed exactly from them.
 */
import autocannon from 'autocannon';

export interface LoadCase {
  name: string;
  /** Cycled through in order, one per request. */
  paths: readonly string[];
  headers?: Record<string, string>;
  /** Extra headers for the i-th request (e.g. a different client address per public lookup). */
  headersFor?: (i: number) => Record<string, string>;
}

export interface LoadResult {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** Responses by HTTP status, to say what the non-2xx were. */
  statuses: Record<string, number>;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmUpSeconds: number;
}

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

interface Kept {
  times: number[];
  statuses: Record<string, number>;
}

async function run(baseUrl: string, c: LoadCase, connections: number, seconds: number, keep: Kept | null) {
  let i = 0;
  const options: autocannon.Options = {
    url: baseUrl,
    connections,
    duration: seconds,
    headers: c.headers ?? {},
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const n = i++;
          const extra = c.headersFor?.(n);
          return {
            ...request,
            path: c.paths[n % c.paths.length] as string,
            ...(extra ? { headers: { ...request.headers, ...extra } } : {}),
          };
        },
      },
    ],
  };
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (keep) {
      instance.on('response', (_client, status, _bytes, responseTime) => {
        keep.times.push(responseTime);
        keep.statuses[status] = (keep.statuses[status] ?? 0) + 1;
      });
    }
  });
}

export async function runLoad(baseUrl: string, c: LoadCase, options: LoadOptions): Promise<LoadResult> {
  if (options.warmUpSeconds > 0) await run(baseUrl, c, options.connections, options.warmUpSeconds, null);
  const kept: Kept = { times: [], statuses: {} };
  const result = await run(baseUrl, c, options.connections, options.durationSeconds, kept);
  const times = kept.times;
  const sorted = Float64Array.from(times).sort();
  return {
    name: c.name,
    requests: times.length,
    perSecond: times.length / (result.duration || options.durationSeconds),
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses: kept.statuses,
  };
}
