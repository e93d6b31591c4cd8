import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import {
  freePort,
  killAllServers,
  migratedDataDir,
  removeTemporaryDirectories,
  startServer,
  temporaryDirectory,
} from '../reliability/support-server.ts';

/**
 * One owner per PGlite directory, with real processes: while a server runs on DATA_DIR, a second server,
 * `npm run accrue` and `npm run backup` on the same directory exit 1 naming the server (pid, command,
 * since when) and write nothing; after the server is killed with SIGKILL (its lock left behind) the next
 * server starts. Always PGlite: DATABASE_URL is not passed on.
 */
const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
const SRC = join(ROOT, 'apps', 'server', 'src');

afterAll(async () => {
  await killAllServers();
  removeTemporaryDirectories();
});

/** `node --import tsx <entry> …args` with only the variables given; its exit code and output. */
function runNode(entry: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(SRC, entry), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TZ_BUSINESS: 'America/Mexico_City', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${entry} did not exit within 90 s:\n${stdout}\n${stderr}`));
    }, 90_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

const onPglite = (dataDir: string) => ({ databaseUrl: '', env: { DATA_DIR: dataDir } });

describe('one process per PGlite directory', () => {
  it('refuses a second server, accrue and backup while one runs; recovers the lock of a killed one', async () => {
    const dataDir = await migratedDataDir('lock');
    const first = await startServer(onPglite(dataDir));

    const second = await runNode('server.ts', [], {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`El directorio de datos ${join(dataDir, 'db')} está en uso`);
    expect(second.stderr).toMatch(new RegExp(`pid ${first.pid} \\(.*server\\.mjs.*\\), desde \\d{4}-`));

    const accrue = await runNode('jobs/accrue-cli.ts', [], { DATA_DIR: dataDir });
    expect(accrue.code).toBe(1);
    expect(accrue.stderr).toContain(`pid ${first.pid}`);

    const backupFile = join(dataDir, 'respaldo.sql.gz');
    const backup = await runNode('backup/cli.ts', ['backup', '--out', backupFile], { DATA_DIR: dataDir });
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain(`pid ${first.pid}`);
    expect(backup.stderr).toContain("desde la pantalla 'Respaldos'");
    expect(existsSync(backupFile)).toBe(false);

    // The first server still answers: the refusals touched nothing of it.
    expect((await fetch(`${first.url}/health`)).status).toBe(200);

    await first.kill('SIGKILL');
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(true);
    const next = await startServer(onPglite(dataDir));
    expect((await fetch(`${next.url}/health`)).status).toBe(200);
    expect(JSON.parse(readFileSync(join(dataDir, 'db.lock'), 'utf8'))).toMatchObject({ pid: next.pid });
    await next.kill('SIGTERM');
    expect(await next.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
  }, 300_000);

  it('takes over a lock naming this very pid (a restarted container reuses pids) and releases it on close', async () => {
    const dataDir = temporaryDirectory('lock-own-pid');
    const lock = join(dataDir, 'db.lock');
    const since = '2020-01-01T00:00:00.000Z';
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), command: 'x', since }));
    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    try {
      expect(JSON.parse(readFileSync(lock, 'utf8')).since).not.toBe(since);
      // A second open in the same process is refused as well: two PGlite instances on one directory.
      await expect(openDatabase({ dataDir: join(dataDir, 'db') })).rejects.toThrow(/está en uso/);
    } finally {
      await database.close();
    }
    expect(existsSync(lock)).toBe(false);
  }, 120_000);
});
