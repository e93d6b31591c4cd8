import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, temporaryDirectory } from '../reliability/support-server.ts';

/**
 * nginx (Debian's package) as the load balancer in front of several PrestaYa servers: the site block
 * docs/operations.md shows, wrapped in a minimal main configuration of its own (logs, pid and temporary
 * files in a temporary directory), so the test needs neither /etc/nginx nor the system service.
 */

/** Requests in progress at once from one client address (`limit_conn`); more get 429. */
export const PER_CLIENT_REQUESTS = 100;

/** The client address nginx connects to the servers from: not the client's, so TRUST_PROXY shows. */
export const BALANCER_SOURCE_ADDRESS = '127.0.0.3';

const NGINX_PATHS = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary; installed with apt-get when missing (CI machines run as root). */
export function ensureNginx(): string {
  const found = () => NGINX_PATHS.find((path) => existsSync(path));
  const present = found();
  if (present) return present;
  if (process.getuid?.() !== 0) throw new Error('nginx is missing: apt-get install nginx (as root)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'nginx'],
  ]) {
    const run = spawnSync('apt-get', args, { env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed:\n${run.stderr}`);
  }
  const installed = found();
  if (!installed) throw new Error('apt-get installed nginx, yet no nginx binary was found');
  return installed;
}

/**
 * The `upstream` and `server` blocks of the balancer (what goes in /etc/nginx/conf.d/prestaya.conf).
 * - Passive health checks: a server that refuses a connection or times out (`max_fails=1`) is left out
 *   for `fail_timeout`, then tried again. nginx OSS has no active checks; GET /health is for monitors.
 * - `proxy_next_upstream`: a request that could not reach a server goes to the next one. nginx never
 *   resends a POST or PATCH that already reached a server (it may have been applied): the client gets
 *   502 and does not know whether it happened.
 * - `X-Forwarded-For $remote_addr` (not `$proxy_add_x_forwarded_for`): replaces what the client wrote,
 *   so with TRUST_PROXY=true the servers count sign-in attempts and PIN errors per real address.
 * - Connections (docs/reliability.md "Connections"): at most PER_CLIENT_REQUESTS requests in progress
 *   per client address (`limit_conn` counts a connection once its headers are in, body uploads
 *   included; more get 429), the headers within 15 s, no 30 s pause in a body or in reading the reply,
 *   an idle keep-alive connection closed after 10 s. nginx reads a whole body before passing it on, so
 *   a trickling client ties up nginx, never a server; no upstream keep-alive (each proxied request
 *   has its own connection), so a server's keep-alive timeout never races nginx's reuse.
 * `test` adds what only the test needs: the address the servers see nginx connect from, and a reply
 * header naming the server that answered.
 */
export function balancerSite(options: {
  /** What nginx listens on: `80`, `127.0.0.1:8080`. */
  listen: string;
  servers: string[];
  test?: boolean;
}): string {
  const servers = options.servers.map((address) => `  server ${address} max_fails=1 fail_timeout=5s;`);
  const testOnly = options.test
    ? [`    proxy_bind ${BALANCER_SOURCE_ADDRESS};`, '    add_header X-Upstream $upstream_addr always;']
    : [];
  return [
    'limit_conn_zone $binary_remote_addr zone=prestaya_clients:10m;',
    'upstream prestaya {',
    ...servers,
    '}',
    'server {',
    `  listen ${options.listen};`,
    '  # A payment proof may be up to 10 MB, sent as multipart with its data.',
    '  client_max_body_size 12m;',
    '  # What one client may hold (docs/reliability.md "Connections").',
    `  limit_conn prestaya_clients ${PER_CLIENT_REQUESTS};`,
    '  limit_conn_status 429;',
    '  client_header_timeout 15s;',
    '  client_body_timeout 30s;',
    '  send_timeout 30s;',
    '  keepalive_timeout 10s;',
    '  keepalive_requests 1000;',
    '  reset_timedout_connection on;',
    '  location / {',
    '    proxy_pass http://prestaya;',
    '    proxy_next_upstream error timeout http_502 http_503;',
    '    proxy_connect_timeout 2s;',
    '    proxy_set_header Host $host;',
    '    proxy_set_header X-Forwarded-For $remote_addr;',
    '    proxy_set_header X-Forwarded-Proto $scheme;',
    ...testOnly,
    '  }',
    '}',
  ].join('\n');
}

export interface Balancer {
  url: string;
  /** Points the balancer at other servers (nginx reloads its configuration without dropping clients). */
  route(servers: string[]): Promise<void>;
  stop(): Promise<void>;
}

/** `host:port` of a server's URL, as an upstream line wants it. */
export const upstreamOf = (url: string) => new URL(url).host;

/** Starts nginx in front of `servers` (`host:port`) on a free loopback port. */
export async function startBalancer(servers: string[]): Promise<Balancer> {
  const binary = ensureNginx();
  const listen = await freePort();
  const dir = temporaryDirectory('nginx');
  // Run as root, nginx's workers drop to nobody, which must reach the temporary files under `dir`.
  chmodSync(dir, 0o755);
  const config = join(dir, 'nginx.conf');
  const pidFile = join(dir, 'nginx.pid');
  const write = (upstreams: string[]) =>
    writeFileSync(
      config,
      [
        `error_log ${join(dir, 'error.log')} warn;`,
        `pid ${pidFile};`,
        'worker_processes 1;',
        'events { worker_connections 1024; }',
        'http {',
        `  access_log ${join(dir, 'access.log')};`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${join(dir, kind)};`,
        ),
        balancerSite({ listen: `127.0.0.1:${listen}`, servers: upstreams, test: true }),
        '}',
      ].join('\n'),
    );
  write(servers);
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${listen}`;

  /** Whether GET /health through nginx is answered by one of `upstreams`. */
  const answers = async (upstreams: string[]) => {
    try {
      const reply = await fetch(`${url}/health`);
      await reply.arrayBuffer();
      return reply.status === 200 && upstreams.includes(reply.headers.get('x-upstream') ?? '');
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + 20_000;
  while (!(await answers(servers))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
      throw new Error(`nginx did not answer /health:\n${stderr}\n${log}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }

  return {
    url,
    async route(upstreams) {
      write(upstreams);
      const reload = spawnSync(binary, ['-p', dir, '-c', config, '-s', 'reload'], { encoding: 'utf8' });
      if (reload.status !== 0) throw new Error(`nginx -s reload failed:\n${reload.stderr}`);
      // The old workers finish their requests while new ones start with the new servers.
      const until = Date.now() + 10_000;
      while (!(await answers(upstreams))) {
        if (Date.now() > until) throw new Error('nginx did not switch to the new servers');
        await new Promise((done) => setTimeout(done, 100));
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
