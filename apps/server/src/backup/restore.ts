import type { Database } from '../db/client.ts';
import type { BackupManifest } from './format.ts';
import { inventoryDifferences, isEmptyDatabase, readInventory, TABLES_NOT_BACKED_UP } from './inventory.ts';
import { BACKUP_MESSAGES, BackupRefusedError } from './messages.ts';
import { type RunSql, runSqlOn, runSqlOnClient } from './sql-runner.ts';

/**
 * Session settings a newer pg_dump writes that an older server does not know, and that change nothing
 * a restore needs (PGlite is PostgreSQL 17+, the machine's server may be 15): their `SET` lines are
 * left out when the target does not have them. Any other unknown setting still fails the restore.
 */
const HARMLESS_NEWER_SETTINGS = ['transaction_timeout'];

async function adaptToTarget(sql: string, run: RunSql): Promise<{ sql: string; skipped: string[] }> {
  const skipped: string[] = [];
  let adapted = sql;
  for (const name of HARMLESS_NEWER_SETTINGS) {
    const [known] = await run(
      `select count(*)::text as n from pg_catalog.pg_settings where name = '${name}'`,
    );
    if (known?.n !== '0') continue;
    const line = new RegExp(`^SET ${name} = [^;\\n]*;$`, 'gm');
    if (line.test(adapted)) skipped.push(name);
    adapted = adapted.replace(line, '');
  }
  return { sql: adapted, skipped };
}

/** Runs `work` in one transaction of the target, so a failed restore leaves it as empty as it was. */
async function inTransaction(
  target: Database,
  work: (exec: (sql: string) => Promise<void>, run: RunSql) => Promise<void>,
) {
  if (target.kind === 'pglite') {
    await target.client.transaction(async (tx) => {
      await work(
        async (sql) => void (await tx.exec(sql)),
        async (text) => (await tx.query<Record<string, unknown>>(text)).rows,
      );
    });
    return;
  }
  const client = await target.client.connect();
  try {
    await client.query('begin');
    await work(async (sql) => void (await client.query(sql)), runSqlOnClient(client));
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Settings of a newer pg_dump left out because the target does not know them. */
  skippedSettings: string[];
}

/**
 * Restores a backup, read and checked by format.ts's unpackBackup, into an EMPTY database (a new
 * PGlite directory, a new PostgreSQL database). Refuses (BackupRefusedError, nothing written) a target
 * with any table; then loads the SQL, empties the tables of secrets (inventory.ts) and, before
 * committing, counts the rows of every table and hashes every stored file again: any difference from
 * the manifest rolls it back.
 */
export async function restoreBackup(
  target: Database,
  { manifest, sql }: { manifest: BackupManifest; sql: string },
): Promise<RestoreResult> {
  const run = runSqlOn(target);
  if (!(await isEmptyDatabase(run))) throw new BackupRefusedError(BACKUP_MESSAGES.targetNotEmpty);
  const adapted = await adaptToTarget(sql, run);
  await inTransaction(target, async (exec, runInside) => {
    await exec(adapted.sql);
    // A backup of an older version may still carry them; the restored database makes its own.
    for (const table of TABLES_NOT_BACKED_UP) {
      const [present] = await runInside(
        `select (pg_catalog.to_regclass('${table}') is not null)::text as ok`,
      );
      if (present?.ok === 'true') await exec(`delete from ${table}`);
    }
    const problems = inventoryDifferences(manifest, await readInventory(runInside, 'computed'));
    if (problems.length > 0) throw new BackupRefusedError(BACKUP_MESSAGES.countsDiffer(problems));
  });
  return { manifest, skippedSettings: adapted.skipped };
}
