import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { ConfigError } from '../config.ts';

/**
 * One owner per PGlite directory. Two PGlite instances on one directory each keep their own buffers and
 * WAL position: both answer, their data diverge, and whatever one of them wrote is lost at the next
 * start. So every process that opens the directory (server, accrue, seed:demo, backup, restore,
 * migrate-to-postgres) first creates `<dir>.lock` exclusively ('wx'), with who holds it.
 *
 * A lock whose process is gone (kill -9, power loss) is taken over: on the same machine when its pid no
 * longer runs, or runs but started at another time (a pid reused, e.g. pid 1 of a restarted container);
 * from another machine (a shared volume) once its holder has stopped touching it for STALE_AFTER_MS.
 */
export type LockHolder = {
  pid: number;
  host: string;
  command: string;
  since: string;
  /** Linux: the process's start time in clock ticks since boot (/proc/<pid>/stat), to detect pid reuse. */
  processStart?: string;
};

/** The holder touches its lock this often, so another machine can tell a live lock from a dead one. */
const HEARTBEAT_MS = 10_000;
const STALE_AFTER_MS = 60_000;
/** A lock file still empty or half-written this long after its creation belongs to a crashed writer. */
const UNREADABLE_GRACE_MS = 5_000;

export class DataDirInUseError extends ConfigError {
  override name = 'DataDirInUseError';
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.host === hostname() ? '' : ` en el equipo ${holder.host}`;
    super(
      `El directorio de datos ${dir} está en uso por otro proceso de PrestaYa: pid ${holder.pid}${where} ` +
        `(${holder.command}), desde ${holder.since}. Una base PGlite admite un solo proceso a la vez: ` +
        'detenga ese proceso y vuelva a intentarlo (para varios servidores use PostgreSQL con DATABASE_URL).',
    );
  }
}

/** Locks held by this process, so opening the same directory twice in one process is refused too. */
const held = new Map<string, string>();

function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may hold spaces, so count from its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function describeCommand(): string {
  const script = process.env.npm_lifecycle_event;
  const argv = process.argv.slice(1).join(' ');
  const text = script ? `npm run ${script}: ${argv}` : argv;
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

function isAlive(holder: LockHolder, ageMs: number): boolean {
  if (holder.host !== hostname()) return ageMs < STALE_AFTER_MS;
  if (holder.pid === process.pid) return false;
  if (!isRunning(holder.pid)) return false;
  const start = holder.processStart && startTimeOf(holder.pid);
  return !start || start === holder.processStart;
}

function readHolder(path: string): { holder?: LockHolder; ageMs: number } | undefined {
  try {
    const ageMs = Date.now() - statSync(path).mtimeMs;
    try {
      const holder = JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
      return typeof holder.pid === 'number' ? { holder, ageMs } : { ageMs };
    } catch {
      return { ageMs };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function createExclusive(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Opening a database is synchronous up to PGlite's start; a short wait for another process's step. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const removeIfPresent = (path: string) => {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
};

/**
 * Removes the stale lock at `path` unless someone else is already doing so. The takeover file makes the
 * read-check-remove one step: without it two processes could both judge the old lock stale and the
 * second would remove the lock the first had just created.
 */
function removeStale(path: string, stale: string | undefined) {
  const takeover = `${path}.takeover`;
  const previous = readHolder(takeover);
  if (previous && previous.ageMs > UNREADABLE_GRACE_MS) removeIfPresent(takeover);
  if (!createExclusive(takeover, String(process.pid))) {
    pause(100);
    return;
  }
  try {
    let now: string | undefined;
    try {
      now = readFileSync(path, 'utf8');
    } catch {
      now = undefined;
    }
    if (now === stale) removeIfPresent(path);
  } finally {
    removeIfPresent(takeover);
  }
}

export type DirLock = { release(): void };

/** Takes `<dir>.lock` or throws DataDirInUseError naming its live holder. */
export function lockDataDir(dir: string): DirLock {
  const path = `${dir}.lock`;
  if (held.has(path)) throw new DataDirInUseError(dir, JSON.parse(held.get(path) ?? '{}') as LockHolder);
  mkdirSync(dirname(path), { recursive: true });
  const mine: LockHolder = {
    pid: process.pid,
    host: hostname(),
    command: describeCommand(),
    since: new Date().toISOString(),
    processStart: startTimeOf(process.pid),
  };
  const content = JSON.stringify(mine);
  for (let attempt = 0; !createExclusive(path, content); attempt++) {
    const found = readHolder(path);
    if (!found) continue;
    if (found.holder && isAlive(found.holder, found.ageMs)) throw new DataDirInUseError(dir, found.holder);
    if (!found.holder && found.ageMs < UNREADABLE_GRACE_MS) {
      if (attempt > 50) throw new DataDirInUseError(dir, { pid: 0, host: '?', command: '?', since: '?' });
      pause(100);
      continue;
    }
    let stale: string | undefined;
    try {
      stale = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    removeStale(path, stale);
  }
  held.set(path, content);
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {
      // A missing lock is reported by nobody: the process keeps serving, as before locks existed.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const release = () => {
    clearInterval(heartbeat);
    process.removeListener('exit', release);
    if (held.get(path) !== content) return;
    held.delete(path);
    try {
      if (readFileSync(path, 'utf8') === content) unlinkSync(path);
    } catch {
      // Already gone.
    }
  };
  // process.exit() without close(): the process is gone, so is its claim.
  process.once('exit', release);
  return { release };
}
