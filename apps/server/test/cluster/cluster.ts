import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import {
  killAllServers,
  openScratch,
  removeTemporaryDirectories,
  type ServerProcess,
  scratchDatabase,
  startServer,
} from '../reliability/support-server.ts';
import { multipart, type Part } from '../support/builders.ts';
import { type Balancer, startBalancer, upstreamOf } from './nginx.ts';

/**
 * The deployment docs/operations.md describes, on loopback: two real server processes (TRUST_PROXY=true)
 * on one fresh PostgreSQL database, nginx in front. Only with DATABASE_URL (`npm run test:cluster`
 * sets it).
 */
export interface Cluster {
  servers: ServerProcess[];
  balancer: Balancer;
  /** The test's own connection to the cluster's database. */
  database: Database;
  /** Stops both servers, starts two new ones at once and points nginx at them. */
  restartServers(): Promise<void>;
}

export const startClusterServer = (databaseUrl: string) =>
  startServer({ databaseUrl, logLevel: 'info', env: { TRUST_PROXY: 'true' } });

/** Starts the cluster before the file's tests and removes everything after them. */
export function useCluster(options: { applicationName?: string } = {}): Cluster {
  let drop: (() => Promise<void>) | undefined;
  const cluster = { servers: [] } as unknown as Cluster;
  beforeAll(async () => {
    const scratch = await scratchDatabase();
    drop = scratch.drop;
    cluster.servers = await Promise.all([startClusterServer(scratch.url), startClusterServer(scratch.url)]);
    cluster.balancer = await startBalancer(cluster.servers.map((server) => upstreamOf(server.url)));
    const checkUrl = new URL(scratch.url);
    if (options.applicationName) checkUrl.searchParams.set('application_name', options.applicationName);
    cluster.database = await openScratch(checkUrl.toString());
    cluster.restartServers = async () => {
      await Promise.all(cluster.servers.map((server) => server.kill('SIGTERM')));
      cluster.servers = await Promise.all([startClusterServer(scratch.url), startClusterServer(scratch.url)]);
      await cluster.balancer.route(cluster.servers.map((server) => upstreamOf(server.url)));
    };
  }, 300_000);
  afterAll(async () => {
    await cluster.balancer?.stop();
    await killAllServers();
    await cluster.database?.close();
    await drop?.();
    removeTemporaryDirectories();
  });
  return cluster;
}

export interface BalancedReply {
  status: number;
  body: { data?: unknown; [key: string]: unknown };
  /** The server (`host:port`) that answered, from the test balancer's X-Upstream header. */
  upstream: string;
  raw: Buffer;
}

/** A call through the balancer (or straight to a server) that also says which server answered. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; parts?: Part[]; headers?: Record<string, string> } = {},
): Promise<BalancedReply> {
  const form = options.parts ? multipart(options.parts) : undefined;
  const headers: Record<string, string> = {
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...form?.headers,
    ...options.headers,
  };
  const body: BodyInit | undefined = form
    ? new Uint8Array(form.payload)
    : options.body === undefined
      ? undefined
      : JSON.stringify(options.body);
  const response = await fetch(`${baseUrl}${path}`, { method, headers, ...(body ? { body } : {}) });
  const raw = Buffer.from(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return {
    status: response.status,
    body: json ? JSON.parse(raw.toString('utf8')) : {},
    upstream: response.headers.get('x-upstream') ?? '',
    raw,
  };
}

/** `call` that expects `status` and returns the reply's `data`. */
export async function callOk<T>(
  status: number,
  ...args: Parameters<typeof call>
): Promise<T & { upstream: string }> {
  const reply = await call(...args);
  expect(reply.status, `${args[1]} ${args[2]}: ${JSON.stringify(reply.body)}`).toBe(status);
  return { ...(reply.body.data as T), upstream: reply.upstream };
}
