/**
 * The databases the screens are timed on, and what a run needs from each before the server starts:
 * the staff's session tokens (made by the app, no sign-in written), the busiest account, the server's
 * environment. PostgreSQL is read in place, the server's connections read-only; a PGlite directory
 * serves one process at a time, so the run works on a copy of it (removed at the end).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type Database, loadConfig, openDatabase } from '@prestaya/server/bench';
import { BENCH_ADMIN, benchAgentUsername } from '../generate/generate.ts';
import { BUSINESS_TIME_ZONE } from '../lib/business-time.ts';
import { queryRows } from '../lib/target.ts';
import { sessionToken } from '../lib/tokens.ts';
import { currentWeek, type Role, type ScreenContext } from './requests.ts';

export type TargetName = 'pg10k' | 'pg100k' | 'pg1m' | 'pglite';
export const TARGET_NAMES: TargetName[] = ['pg10k', 'pg100k', 'pg1m', 'pglite'];
/** Without --target: the 1,000,000-customer database is timed only when asked for. */
export const DEFAULT_TARGETS: TargetName[] = ['pg10k', 'pg100k', 'pglite'];

export interface ScreenTarget {
  name: TargetName;
  /** A postgres:// URL, or the PGlite DATA_DIR (its files in DATA_DIR/db). */
  where: string;
}

/** The server's key for the run's tokens; any 32 characters do, nothing is stored with it. */
export const BENCH_JWT_SECRET = 'bench-screens-secret-bench-screens-secret-0123';
/** Every transaction of the server's PostgreSQL connections read-only: a write fails (500), loudly. */
export const READ_ONLY_OPTIONS = '-c default_transaction_read_only=on';

export interface PreparedTarget {
  customers: number;
  context: ScreenContext;
  tokens: Record<Role, string>;
  /** The read-only server's environment (bench/lib/read-server.ts). */
  serverEnv: NodeJS.ProcessEnv;
  cleanup(): void;
}

async function idOf(database: Database, username: string): Promise<string> {
  const [user] = await queryRows<{ id: string }>(database, 'select id from users where username = $1', [
    username,
  ]);
  if (!user) throw new Error(`no user ${username}: generate the database with npm run bench:generate`);
  return user.id;
}

export async function prepareTarget(target: ScreenTarget): Promise<PreparedTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), `prestaya-bench-screens-${target.name}-`));
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const postgres = target.name !== 'pglite';
    if (!postgres) cpSync(join(target.where, 'db'), join(dataDir, 'db'), { recursive: true });
    const env = {
      DATABASE_URL: postgres ? target.where : '',
      DATA_DIR: dataDir,
      JWT_SECRET: BENCH_JWT_SECRET,
      LOG_LEVEL: 'silent',
      TZ_BUSINESS: BUSINESS_TIME_ZONE,
    };
    const config = loadConfig(env, dataDir);
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir });
    try {
      const [count] = await queryRows<{ n: number }>(database, 'select count(*)::int as n from customers');
      // Found once per run: the ledger with the most movements, whichever account that is.
      const [busiest] = await queryRows<{ id: string }>(
        database,
        'select account_id as id from account_transactions group by account_id order by count(*) desc limit 1',
      );
      if (!busiest) throw new Error(`${target.where}: no account transactions`);
      const app = await buildApp({ config, database, logger: false });
      try {
        const agentId = await idOf(database, benchAgentUsername(1));
        // The customer with the most visits (Cliente's 'visitas' reads rows), then the most loans.
        const [customer] = await queryRows<{ id: string }>(
          database,
          `select c.id from customers c join loans l on l.customer_id = c.id
            where c.agent_id = $1 group by c.id
            order by (select count(*) from visits v where v.customer_id = c.id) desc, count(*) desc, c.id
            limit 1`,
          [agentId],
        );
        if (!customer) throw new Error(`${target.where}: agent 1 has no customer with a loan`);
        const tokens = {
          admin: await sessionToken(app, database.db, await idOf(database, BENCH_ADMIN)),
          agent: await sessionToken(app, database.db, agentId),
        };
        return {
          customers: count?.n ?? 0,
          context: {
            week: currentWeek(BUSINESS_TIME_ZONE),
            busiestAccountId: busiest.id,
            agentId,
            customerId: customer.id,
          },
          tokens,
          serverEnv: {
            ...env,
            LOG_LEVEL: 'warn',
            WEB_DIST: join(dataDir, 'no-web'),
            PGOPTIONS: postgres ? READ_ONLY_OPTIONS : '',
          },
          cleanup,
        };
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  } catch (error) {
    cleanup();
    throw error;
  }
}
