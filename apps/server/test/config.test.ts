import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const scratchDirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'prestaya-config-'));
  scratchDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('applies the documented defaults and resolves DATA_DIR against the working directory', () => {
    const cwd = scratch();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: join(cwd, 'data'),
      databaseUrl: undefined,
      pgliteDir: join(cwd, 'data', 'db'),
      admin: undefined,
      businessTimeZone: 'America/Mexico_City',
      logLevel: 'info',
      loginRateLimit: {
        max: 10,
        addressMax: 100,
        timeWindowMs: 60_000,
        accountFailures: { max: 20, windowMs: 900_000 },
      },
      trustProxy: false,
      accrualPausePercent: 25,
      accrualConnections: 2,
    });
    expect(config.webDist).toBe(resolve(import.meta.dirname, '../../web/dist'));
    expect(statSync(config.dataDir).isDirectory()).toBe(true);
  });

  it('takes the JWT secret from JWT_SECRET; without it, from the database, writing no file', () => {
    const cwd = scratch();
    const first = loadConfig({ DATA_DIR: 'estado' }, cwd);
    expect(first).toMatchObject({ jwtSecret: undefined, jwtSecretSource: 'database' });
    expect(readdirSync(join(cwd, 'estado'))).toEqual([]);
    const fromEnv = loadConfig({ DATA_DIR: 'estado', JWT_SECRET: 'x'.repeat(40) }, cwd);
    expect(fromEnv).toMatchObject({ jwtSecret: 'x'.repeat(40), jwtSecretSource: 'env' });
  });

  it('reads every variable', () => {
    const cwd = scratch();
    const config = loadConfig(
      {
        PORT: '4123',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/prestaya',
        ADMIN_USERNAME: ' Admin@PrestaYa.mx ',
        ADMIN_PASSWORD: 'admin12345',
        TZ_BUSINESS: 'America/Monterrey',
        LOG_LEVEL: 'warn',
        WEB_DIST: 'web',
        LOGIN_RATE_LIMIT_MAX: '20',
        LOGIN_ADDRESS_RATE_LIMIT_MAX: '300',
        TRUST_PROXY: 'true',
        METRICS_TOKEN: 'metrics-token-0123456789',
        COLLECTED_AT_MAX_SKEW_MINUTES: '2',
        COLLECTED_AT_MAX_AGE_DAYS: '3',
        ACCRUAL_PAUSE_PERCENT: '0',
        ACCRUAL_CONNECTIONS: '3',
        DATA_DIR: '',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 4123,
      host: '0.0.0.0',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/prestaya',
      admin: { username: 'admin@prestaya.mx', password: 'admin12345' },
      businessTimeZone: 'America/Monterrey',
      logLevel: 'warn',
      webDist: join(cwd, 'web'),
      loginRateLimit: { max: 20, addressMax: 300, timeWindowMs: 60_000 },
      trustProxy: true,
      metricsToken: 'metrics-token-0123456789',
      collectedAtLimits: { maxSkewMinutes: 2, maxAgeDays: 3 },
      accrualPausePercent: 0,
      accrualConnections: 3,
      dataDir: join(cwd, 'data'), // an empty variable counts as unset
    });
  });

  it('the per-address login limit follows a raised per-account one unless set, and is never below it', () => {
    const limits = (env: Record<string, string>) => loadConfig(env, scratch()).loginRateLimit;
    expect(limits({ LOGIN_RATE_LIMIT_MAX: '50' })).toEqual({
      max: 50,
      addressMax: 100,
      timeWindowMs: 60_000,
      accountFailures: { max: 20, windowMs: 900_000 },
    });
    expect(limits({ LOGIN_ACCOUNT_FAILURE_MAX: '5' }).accountFailures).toEqual({ max: 5, windowMs: 900_000 });
    expect(limits({ LOGIN_RATE_LIMIT_MAX: '1000' })).toMatchObject({ max: 1000, addressMax: 1000 });
    expect(limits({ LOGIN_ADDRESS_RATE_LIMIT_MAX: '40' })).toMatchObject({ max: 10, addressMax: 40 });
    expect(() => limits({ LOGIN_RATE_LIMIT_MAX: '20', LOGIN_ADDRESS_RATE_LIMIT_MAX: '19' })).toThrow(
      'LOGIN_ADDRESS_RATE_LIMIT_MAX: no puede ser menor que LOGIN_RATE_LIMIT_MAX',
    );
    expect(() => limits({ LOGIN_ADDRESS_RATE_LIMIT_MAX: '0' })).toThrow(/LOGIN_ADDRESS_RATE_LIMIT_MAX:/);
  });

  it('connection bounds: defaults, the per-address bound off behind a proxy unless set, timeouts in order', () => {
    const connections = (env: Record<string, string>) => loadConfig(env, scratch()).connections;
    expect(connections({})).toEqual({
      max: 1000,
      perAddress: 100,
      headersTimeoutMs: 15_000,
      requestTimeoutMs: 120_000,
      idleTimeoutMs: 120_000,
      keepAliveTimeoutMs: 10_000,
      maxRequestsPerSocket: 1000,
    });
    expect(connections({ TRUST_PROXY: 'true' }).perAddress).toBe(0);
    expect(connections({ TRUST_PROXY: 'true', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '500' }).perAddress).toBe(
      500,
    );
    expect(() => connections({ HTTP_HEADERS_TIMEOUT_MS: '30000', HTTP_REQUEST_TIMEOUT_MS: '20000' })).toThrow(
      'HTTP_HEADERS_TIMEOUT_MS: no puede ser mayor que HTTP_REQUEST_TIMEOUT_MS',
    );
    expect(() => connections({ HTTP_MAX_CONNECTIONS: '0' })).toThrow(/HTTP_MAX_CONNECTIONS:/);
  });

  it('fails loudly, naming every bad variable', () => {
    const attempt = () =>
      loadConfig(
        {
          PORT: 'ochenta',
          DATABASE_URL: 'mysql://x',
          JWT_SECRET: 'corto',
          TZ_BUSINESS: 'Marte/Olimpo',
          LOG_LEVEL: 'verbose',
          ADMIN_USERNAME: 'admin@prestaya.mx',
          ACCRUAL_PAUSE_PERCENT: '-5',
          ACCRUAL_CONNECTIONS: '9',
        },
        scratch(),
      );
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const variable of [
      'PORT',
      'DATABASE_URL',
      'JWT_SECRET',
      'TZ_BUSINESS',
      'LOG_LEVEL',
      'ADMIN_PASSWORD',
      'ACCRUAL_PAUSE_PERCENT',
      'ACCRUAL_CONNECTIONS',
    ]) {
      expect(message).toContain(`${variable}:`);
    }
    expect(message).not.toContain('corto'); // never echo a secret
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters without echoing it', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'metrics-corto' }, scratch())).toThrow(
      /METRICS_TOKEN: debe tener al menos 16 caracteres/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'metrics-corto' }, scratch())).not.toThrow(/metrics-corto/);
  });
});
