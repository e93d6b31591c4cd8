/** Child processes of the API benchmark: the real server and the floor server, on free ports. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BENCH_ADMIN, BENCH_PASSWORD } from '../generate/generate.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface Child {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Runs a TypeScript entry point with tsx, or a JavaScript one (`scripts/start.mjs`: `npm start` itself)
 * with plain node, and waits for 200 on /health. `nodeFlags` go before the entry (e.g. `--cpu-prof`,
 * which NODE_OPTIONS does not accept).
 */
export async function startChild(
  entry: string,
  env: NodeJS.ProcessEnv,
  label: string,
  nodeFlags: string[] = [],
): Promise<Child> {
  const port = await freePort();
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeFlags, ...loader, entry], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${label} did not answer /health in 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until no other session of the database is running a statement (twice in a row). */
export async function waitQuiet(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const deadline = Date.now() + 300_000;
    let quiet = 0;
    while (quiet < 2 && Date.now() < deadline) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
      );
      quiet = rows[0]?.n === 0 ? quiet + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}

/** Signs in as the generated administrator. */
export async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_ADMIN, password: BENCH_PASSWORD }),
  });
  const body = (await response.json()) as { access_token?: string; data?: { access_token?: string } };
  const token = body.access_token ?? body.data?.access_token;
  if (!response.ok || !token) throw new Error(`login failed: ${response.status} ${JSON.stringify(body)}`);
  return token;
}
