import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A private PostgreSQL cluster a test may stop and start at will: its own data directory under /tmp,
 * a spare port and its unix socket inside that directory — never the machine's shared server.
 * Debian's binaries (postgresql-NN); initdb and postgres refuse to run as root, so as root they run
 * as the `postgres` user.
 */
export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server (if running) and removes its files. */
  destroy(): Promise<void>;
}

const DEBIAN_ROOT = '/usr/lib/postgresql';

function binDir(): string {
  const versions = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT)
        .filter((version) => existsSync(join(DEBIAN_ROOT, version, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) {
    throw new Error(
      `PostgreSQL's server binaries were not found under ${DEBIAN_ROOT}/<version>/bin: this test runs its own ` +
        'cluster with initdb and pg_ctl (Debian: apt-get install -y postgresql).',
    );
  }
  return join(DEBIAN_ROOT, newest, 'bin');
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync('/tmp/prestaya-pg-');
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);

  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  let port = 0;
  const start = async () => {
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
    await pg('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '30', '-o', options, 'start']);
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  };
  // A spare port: another test (or another helper's cluster) may hold the first one drawn.
  for (let attempt = 0; ; attempt++) {
    port = 55_432 + Math.floor(Math.random() * 2_000);
    try {
      await start();
      break;
    } catch (error) {
      if (attempt >= 4) {
        const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`the private PostgreSQL did not start: ${String(error)}\n${log}`);
      }
    }
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async destroy() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
