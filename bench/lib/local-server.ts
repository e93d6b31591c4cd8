/**
 * What the benchmarks that run `npm start` on this machine (cold start, web) share: the header line
 * they print, the web app build and the server's environment.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';

/** The 1, 5 and 15 minute load averages, as uptime prints them. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** `# bench:<name> — <when>, load average …`: the figures depend on what else the machine runs. */
export function benchHeader(name: string): string {
  return `# bench:${name} — ${new Date().toISOString()}, load average ${loadAverage()}`;
}

/** Builds apps/web into `outDir` (vite, errors only). */
export function buildWebApp(root: string, outDir: string) {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'error'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
  });
}

/** The first administrator of the server `serverEnvironment` starts. */
export const LOCAL_ADMIN = { username: 'admin@prestaya.mx', password: 'Bench12345!' };

/** The environment of `npm start` on 127.0.0.1:`port`: PGlite in `dataDir`, the first administrator. */
export function serverEnvironment(options: { port: number; dataDir: string; webDist: string }) {
  return {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    WEB_DIST: options.webDist,
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: LOCAL_ADMIN.username,
    ADMIN_PASSWORD: LOCAL_ADMIN.password,
  };
}
