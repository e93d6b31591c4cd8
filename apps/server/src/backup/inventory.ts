import type { RunSql } from './sql-runner.ts';

/** The drizzle migration last applied: what a restored database's schema version is. */
export interface SchemaVersion {
  migrations: number;
  lastHash: string | null;
  lastCreatedAt: string | null;
}

/** What a backup must bring back exactly: rows per table and the SHA-256 of every stored file. */
export interface Inventory {
  schemaVersion: SchemaVersion;
  /** `schema.table` → rows, for every table of the public and drizzle schemas. */
  tables: Record<string, number>;
  /** stored_files id → SHA-256 (hex); empty while the installation has no stored_files table. */
  files: Record<string, string>;
}

/**
 * Values are read as text (`::text`): a runner on PGlite's raw protocol sees only text. Every name is
 * schema-qualified and every function comes from pg_catalog: a restore checks its
 * inventory inside the dump's own transaction, where pg_dump has set search_path to ''.
 */
const TABLES = `
  select schemaname as schema, tablename as name from pg_catalog.pg_tables
   where schemaname in ('public', 'drizzle') order by schemaname, tablename`;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables whose rows no backup carries: the token signing key. A backup file that leaks must not let
 * its reader sign sessions; a restored database gets a new key at its first start, and everyone signs
 * in again. A backup of an older version that still holds the key has it removed at restore.
 */
export const TABLES_NOT_BACKED_UP = ['public.app_secrets'];

async function countRows(run: RunSql): Promise<Record<string, number>> {
  const tables = ((await run(TABLES)) as { schema: string; name: string }[]).filter(
    ({ schema, name }) => !TABLES_NOT_BACKED_UP.includes(`${schema}.${name}`),
  );
  if (tables.length === 0) return {};
  const counts = await run(
    tables
      .map(
        ({ schema, name }) =>
          `select '${`${schema}.${name}`.replaceAll("'", "''")}' as name, count(*)::bigint::text as n ` +
          `from ${ident(schema)}.${ident(name)}`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(counts.map((row) => [String(row.name), Number(row.n)]));
}

async function schemaVersion(run: RunSql): Promise<SchemaVersion> {
  const [exists] = await run(
    `select (pg_catalog.to_regclass('drizzle.__drizzle_migrations') is not null)::text as ok`,
  );
  if (exists?.ok !== 'true') return { migrations: 0, lastHash: null, lastCreatedAt: null };
  const [row] = await run(`
    select (select count(*) from drizzle.__drizzle_migrations)::text as migrations, hash,
           created_at::text as created_at
      from drizzle.__drizzle_migrations order by id desc limit 1`);
  return {
    migrations: Number(row?.migrations ?? 0),
    lastHash: row ? String(row.hash) : null,
    lastCreatedAt: row ? String(row.created_at) : null,
  };
}

/**
 * `stored` reads the digest kept beside each file (what the source vouches for); `computed` hashes
 * the bytes themselves (what a restore really brought back).
 */
async function fileDigests(run: RunSql, digest: 'stored' | 'computed'): Promise<Record<string, string>> {
  const [exists] = await run(
    `select (pg_catalog.to_regclass('public.stored_files') is not null)::text as ok`,
  );
  if (exists?.ok !== 'true') return {};
  const column = digest === 'stored' ? 'sha256' : `pg_catalog.encode(pg_catalog.sha256(bytes), 'hex')`;
  const rows = await run(`select id::text as id, ${column} as sha256 from public.stored_files order by id`);
  return Object.fromEntries(rows.map((row) => [String(row.id), String(row.sha256)]));
}

export async function readInventory(run: RunSql, digest: 'stored' | 'computed'): Promise<Inventory> {
  return {
    schemaVersion: await schemaVersion(run),
    tables: await countRows(run),
    files: await fileDigests(run, digest),
  };
}

/** Every difference between what a backup promised and what a database holds, in Spanish; [] if none. */
export function inventoryDifferences(expected: Inventory, actual: Inventory): string[] {
  const problems: string[] = [];
  const names = new Set([...Object.keys(expected.tables), ...Object.keys(actual.tables)]);
  for (const name of TABLES_NOT_BACKED_UP) names.delete(name);
  for (const name of [...names].sort()) {
    if (expected.tables[name] !== actual.tables[name])
      problems.push(
        `tabla ${name}: ${expected.tables[name] ?? 0} filas esperadas, ${actual.tables[name] ?? 0}`,
      );
  }
  for (const [id, sha256] of Object.entries(expected.files)) {
    if (actual.files[id] !== sha256) problems.push(`archivo ${id}: la suma SHA-256 no coincide`);
  }
  if (expected.schemaVersion.lastHash !== actual.schemaVersion.lastHash)
    problems.push('la versión del esquema (última migración) no coincide');
  return problems;
}

/** True when the database holds nothing of its own: no table, view or sequence, no schema but public. */
export async function isEmptyDatabase(run: RunSql): Promise<boolean> {
  const [row] = await run(`
    select (not exists (
             select 1 from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
              where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
                and n.nspname not in ('pg_catalog', 'information_schema')
                and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%')
       and not exists (
             select 1 from pg_catalog.pg_namespace
              where nspname not in ('public', 'pg_catalog', 'information_schema')
                and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%'))::text as empty`);
  return row?.empty === 'true';
}
