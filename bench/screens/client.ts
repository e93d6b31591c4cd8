/**
 * One browser tab's worth of client: GETs in sequence over one kept-alive connection, with the headers
 * apps/web's apiRequest sends (Accept JSON or problem+json, the Bearer token) and the Accept-Encoding
 * every browser adds. A request's time runs from writing it to the last byte of the reply (compressed
 * by the server, as a browser gets it); the body is decoded afterwards, outside the time, and kept
 * only to be checked once.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pagedTotal } from '../lib/paged.ts';

export interface Reply {
  status: number;
  /** The reply's body, decoded. */
  body: Buffer;
  /** What travelled: the body's bytes as sent, compressed or not. */
  wireBytes: number;
  ms: number;
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

export interface ScreenClient {
  get(path: string, token: string): Promise<Reply>;
  close(): void;
}

export function screenClient(baseUrl: string): ScreenClient {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    get: (path, token) =>
      new Promise<Reply>((resolve, reject) => {
        const t0 = performance.now();
        const request = http.request(
          {
            agent,
            host: hostname,
            port,
            path,
            method: 'GET',
            headers: {
              accept: 'application/json, application/problem+json',
              'accept-encoding': 'gzip, deflate, br, zstd',
              authorization: `Bearer ${token}`,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const ms = performance.now() - t0;
              const wire = Buffer.concat(chunks);
              resolve({
                status: response.statusCode ?? 0,
                body: decoded(wire, response.headers['content-encoding']),
                wireBytes: wire.length,
                ms,
              });
            });
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end();
      }),
    close: () => agent.destroy(),
  };
}

/** What a reply holds, for the table: the list's total when it has one, else the array's length. */
export function replySize(reply: Reply): string {
  const size = (bytes: number) => (bytes / 1024).toFixed(1);
  const kib =
    reply.wireBytes === reply.body.length
      ? `${size(reply.body.length)} KiB`
      : `${size(reply.body.length)} KiB (${size(reply.wireBytes)} sent)`;
  try {
    const json = JSON.parse(reply.body.toString('utf8')) as Parameters<typeof pagedTotal>[0] & {
      data?: unknown;
    };
    const total = pagedTotal(json);
    if (total !== undefined) return `${total} rows, ${kib}`;
    if (Array.isArray(json.data)) return `${json.data.length} rows, ${kib}`;
  } catch {
    // not JSON: the size alone
  }
  return kib;
}
