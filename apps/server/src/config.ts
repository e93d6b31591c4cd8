import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { password, username, z } from '@prestaya/contracts';
import { type CollectedAtLimits, DEFAULT_COLLECTED_AT_LIMITS } from '@prestaya/domain';
import { SERVER_ROOT } from './paths.ts';

/** The shortest backup passphrase accepted (as backup/encryption.ts's MIN_PASSPHRASE_LENGTH). */
const MIN_BACKUP_PASSPHRASE = 12;
/**
 * Defaults of the upload bounds (docs/reliability.md "Uploads"; uploads/in-flight.ts, uploads/images.ts):
 * 8 uploads of 10 MB are 80 MB held; 40 megapixels is three times a phone camera's 12 MP photo.
 */
export const UPLOAD_DEFAULTS = { inFlight: 8, inFlightPerClient: 2, maxImagePixels: 40_000_000 };
/** The late-fee accrual's pause after each batch that wrote, in percent of its duration (jobs/accrual.ts). */
export const ACCRUAL_PAUSE_PERCENT_DEFAULT = 25;
/**
 * The late-fee accrual's database connections on PostgreSQL (jobs/accrual.ts): its batches are
 * independent, so two keep both cores of a small server busy at 00:05; PGlite always uses one.
 */
export const ACCRUAL_CONNECTIONS_DEFAULT = 2;
/** At most this many of the pool's ten connections: the requests keep the rest. */
export const ACCRUAL_MAX_CONNECTIONS = 8;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The runtime contract (docs/architecture.md "Runtime contract"); every variable is optional. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'debe empezar con postgres:// o postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  ADMIN_USERNAME: username.optional(),
  ADMIN_PASSWORD: password.optional(),
  TZ_BUSINESS: z.string().refine(isTimeZone, 'zona horaria IANA desconocida').default('America/Mexico_City'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST: z.string().optional(),
  /** Login attempts per minute for one username from one client address. */
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Failed sign-ins of one username from all addresses per 15 minutes (modules/auth/login-limit.ts). */
  LOGIN_ACCOUNT_FAILURE_MAX: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Login attempts per minute from one client address, whatever the usernames (default 100). */
  LOGIN_ADDRESS_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).optional(),
  /** Behind a reverse proxy / load balancer, take the client IP from X-Forwarded-For. */
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  /** Lets a scraper outside this machine read GET /metrics with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'debe tener al menos 16 caracteres').optional(),
  /** How far ahead of the server a phone's clock may say a payment was collected, in minutes. */
  COLLECTED_AT_MAX_SKEW_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(DEFAULT_COLLECTED_AT_LIMITS.maxSkewMinutes),
  /** How many days after its collection a payment taken without signal may still be sent. */
  COLLECTED_AT_MAX_AGE_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .default(DEFAULT_COLLECTED_AT_LIMITS.maxAgeDays),
  /** Connection bounds and timeouts (docs/reliability.md "Connections"). */
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** 0: no bound. Unset: 100, or 0 with TRUST_PROXY (every connection then comes from the proxy). */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  HTTP_MAX_REQUESTS_PER_SOCKET: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /** Upload requests this process receives at once (503 beyond), and per user or public address (429). */
  UPLOADS_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).default(UPLOAD_DEFAULTS.inFlight),
  UPLOADS_IN_FLIGHT_PER_CLIENT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(UPLOAD_DEFAULTS.inFlightPerClient),
  /** Pixels an uploaded image may declare (413 beyond), checked from its header before decoding. */
  UPLOAD_MAX_IMAGE_PIXELS: z.coerce
    .number()
    .int()
    .min(1_000_000)
    .max(268_402_689)
    .default(UPLOAD_DEFAULTS.maxImagePixels),
  /** The accrual's pause after each batch that wrote, in percent of the batch's duration (0: none). */
  ACCRUAL_PAUSE_PERCENT: z.coerce.number().int().min(0).max(1000).default(ACCRUAL_PAUSE_PERCENT_DEFAULT),
  /** The accrual's connections on PostgreSQL (its batches run side by side); at most 8 of the pool's 10. */
  ACCRUAL_CONNECTIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(ACCRUAL_MAX_CONNECTIONS)
    .default(ACCRUAL_CONNECTIONS_DEFAULT),
  /** Seals the server's own backups (daily and 'Respaldos'); the file's first line wins over the variable. */
  BACKUP_PASSPHRASE: z
    .string()
    .min(MIN_BACKUP_PASSPHRASE, `debe tener al menos ${MIN_BACKUP_PASSPHRASE} caracteres`)
    .optional(),
  BACKUP_PASSPHRASE_FILE: z.string().optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute. The PGlite files live here (DATA_DIR/db). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** PGlite directory (DATA_DIR/db) or 'memory://' in tests; unused with databaseUrl. */
  pgliteDir: string;
  jwtSecret: string;
  /** 'database': JWT_SECRET unset, the key every server on the database shares (modules/auth/jwt-secret.ts). */
  jwtSecretSource: 'env' | 'database';
  admin: { username: string; password: string } | undefined;
  businessTimeZone: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Absolute path of the built web app; served only when it exists. */
  webDist: string;
  /**
   * Login attempts per minute: per (username, client address) and per client address; failed ones per
   * username from every address (LoginRateLimit in modules/auth/login-limit.ts).
   */
  loginRateLimit: {
    max: number;
    addressMax: number;
    timeWindowMs: number;
    accountFailures?: { max: number; windowMs: number };
  };
  trustProxy: boolean;
  /** Unset: GET /metrics answers only loopback clients (plugins/metrics.ts). */
  metricsToken: string | undefined;
  /** Bounds on uploads (uploads/in-flight.ts, uploads/images.ts). */
  uploads: { inFlight: number; inFlightPerClient: number; maxImagePixels: number };
  /** The accrual's pause after each batch that wrote, in percent of its duration (jobs/accrual.ts). */
  accrualPausePercent: number;
  /** The accrual's connections on PostgreSQL, its batches side by side (jobs/accrual.ts). */
  accrualConnections: number;
  /** Set: the daily and the 'Respaldos' backups are sealed with it (backup/encryption.ts). */
  backupPassphrase: string | undefined;
  /** The bounds of a payment's `collectedAt` (@prestaya/domain collected-at.ts). */
  collectedAtLimits: CollectedAtLimits;
  /** What one client, and all of them, may hold open (plugins/connections.ts). */
  connections: ConnectionLimits;
}

export interface ConnectionLimits {
  /** Open connections of all clients together; the machine's own loopback probes get a reserve above. */
  max: number;
  /** Open connections from one client address; 0: no bound. */
  perAddress: number;
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request (headers and body) must arrive within this. */
  requestTimeoutMs: number;
  /** A connection with no byte in either direction for this long is closed. */
  idleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Requests one connection may carry before it is closed; 0: no bound. */
  maxRequestsPerSocket: number;
}

/**
 * What the environment gives: without JWT_SECRET the signing key is not known until the database is
 * open, and buildApp takes it from there.
 */
export type LoadedConfig = Omit<AppConfig, 'jwtSecret'> & { jwtSecret: string | undefined };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DEFAULT_LOGIN_ADDRESS_RATE_LIMIT = 100;
const DEFAULT_CONNECTIONS_PER_ADDRESS = 100;

/** apps/web/dist, found relative to this file so the server works from any working directory. */
const DEFAULT_WEB_DIST = join(SERVER_ROOT, '../web/dist');

/** Pure part: validates the environment; throws ConfigError naming every bad variable. */
export function parseEnv(env: NodeJS.ProcessEnv, cwd: string) {
  // An empty variable (`DATABASE_URL=`) means "not set", as in most tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(present);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.') || 'entorno'}: ${issue.message}`);
  if ('ADMIN_USERNAME' in present !== 'ADMIN_PASSWORD' in present) {
    problems.push('ADMIN_PASSWORD: ADMIN_USERNAME y ADMIN_PASSWORD van juntos; defina ambos o ninguno');
  }
  const addressMax = result.data?.LOGIN_ADDRESS_RATE_LIMIT_MAX;
  if (addressMax !== undefined && addressMax < (result.data?.LOGIN_RATE_LIMIT_MAX ?? 0)) {
    problems.push('LOGIN_ADDRESS_RATE_LIMIT_MAX: no puede ser menor que LOGIN_RATE_LIMIT_MAX');
  }
  if (result.data && result.data.HTTP_HEADERS_TIMEOUT_MS > result.data.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push('HTTP_HEADERS_TIMEOUT_MS: no puede ser mayor que HTTP_REQUEST_TIMEOUT_MS');
  }
  if (!result.success || problems.length > 0) {
    throw new ConfigError(`Configuración inválida:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  const parsed = result.data;
  const dataDir = resolve(cwd, parsed.DATA_DIR);
  return {
    parsed,
    dataDir,
    backupPassphrase: backupPassphraseOf(parsed, cwd),
    webDist: parsed.WEB_DIST ? resolve(cwd, parsed.WEB_DIST) : DEFAULT_WEB_DIST,
  };
}

/** BACKUP_PASSPHRASE_FILE's first line (resolved against `cwd`), else BACKUP_PASSPHRASE. */
function backupPassphraseOf(
  parsed: { BACKUP_PASSPHRASE?: string | undefined; BACKUP_PASSPHRASE_FILE?: string | undefined },
  cwd: string,
): string | undefined {
  if (parsed.BACKUP_PASSPHRASE_FILE === undefined) return parsed.BACKUP_PASSPHRASE;
  let text: string;
  try {
    text = readFileSync(resolve(cwd, parsed.BACKUP_PASSPHRASE_FILE), 'utf8');
  } catch {
    throw new ConfigError('Configuración inválida:\n  BACKUP_PASSPHRASE_FILE: no se pudo leer el archivo');
  }
  const passphrase = text.split(/\r?\n/)[0] ?? '';
  if (passphrase.length < MIN_BACKUP_PASSPHRASE)
    throw new ConfigError(
      `Configuración inválida:\n  BACKUP_PASSPHRASE_FILE: la primera línea debe tener al menos ${MIN_BACKUP_PASSPHRASE} caracteres`,
    );
  return passphrase;
}

/** Reads the environment and creates DATA_DIR when missing. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): LoadedConfig {
  const { parsed, dataDir, webDist, backupPassphrase } = parseEnv(env, cwd);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL,
    pgliteDir: join(dataDir, 'db'),
    jwtSecret: parsed.JWT_SECRET,
    jwtSecretSource: parsed.JWT_SECRET ? 'env' : 'database',
    admin:
      parsed.ADMIN_USERNAME && parsed.ADMIN_PASSWORD
        ? { username: parsed.ADMIN_USERNAME, password: parsed.ADMIN_PASSWORD }
        : undefined,
    businessTimeZone: parsed.TZ_BUSINESS,
    logLevel: parsed.LOG_LEVEL,
    webDist,
    loginRateLimit: {
      max: parsed.LOGIN_RATE_LIMIT_MAX,
      // Unset, it follows a raised per-account limit (browser journeys raise that one alone).
      addressMax:
        parsed.LOGIN_ADDRESS_RATE_LIMIT_MAX ??
        Math.max(DEFAULT_LOGIN_ADDRESS_RATE_LIMIT, parsed.LOGIN_RATE_LIMIT_MAX),
      timeWindowMs: 60_000,
      accountFailures: { max: parsed.LOGIN_ACCOUNT_FAILURE_MAX, windowMs: 15 * 60_000 },
    },
    trustProxy: parsed.TRUST_PROXY === 'true' || parsed.TRUST_PROXY === '1',
    metricsToken: parsed.METRICS_TOKEN,
    collectedAtLimits: {
      maxSkewMinutes: parsed.COLLECTED_AT_MAX_SKEW_MINUTES,
      maxAgeDays: parsed.COLLECTED_AT_MAX_AGE_DAYS,
    },
    connections: {
      max: parsed.HTTP_MAX_CONNECTIONS,
      perAddress:
        parsed.HTTP_MAX_CONNECTIONS_PER_ADDRESS ??
        (parsed.TRUST_PROXY === 'true' || parsed.TRUST_PROXY === '1' ? 0 : DEFAULT_CONNECTIONS_PER_ADDRESS),
      headersTimeoutMs: parsed.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: parsed.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: parsed.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: parsed.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxRequestsPerSocket: parsed.HTTP_MAX_REQUESTS_PER_SOCKET,
    },
    uploads: {
      inFlight: parsed.UPLOADS_IN_FLIGHT,
      inFlightPerClient: parsed.UPLOADS_IN_FLIGHT_PER_CLIENT,
      maxImagePixels: parsed.UPLOAD_MAX_IMAGE_PIXELS,
    },
    accrualPausePercent: parsed.ACCRUAL_PAUSE_PERCENT,
    accrualConnections: parsed.ACCRUAL_CONNECTIONS,
    backupPassphrase,
  };
}
