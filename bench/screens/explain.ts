/**
 * `--explain`: the SQL behind each screen's request, grabbed from the app itself. The whole app is built
 * in this process on a logging drizzle handle (bench/lib/explain.ts) over one read-only connection,
 * each request goes through app.inject, and every SELECT it ran is run again under EXPLAIN (ANALYZE,
 * BUFFERS). Statements the app sends past drizzle (none on these screens' paths) would not be listed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig } from '@prestaya/server/bench';
import { explain, loggingDatabase } from '../lib/explain.ts';
import type { ScreenCase } from './requests.ts';
import type { PreparedTarget } from './targets.ts';

/** Only reads are explained: ANALYZE runs the statement, and nothing here may write. */
const READ = /^\s*(select|with)\b/i;

/** The plan lines that show how much a statement reads: its scans, joins, sorts, limits and time. */
const BRIEF = /(Scan|Join|Nested Loop|Sort|Limit|Aggregate|Memoize|Execution Time)/;

/** A plan line without its cost estimate and its indentation reduced to two spaces per level. */
function briefLine(line: string): string {
  const withoutCost = line.replace(/\s*\(cost=[^)]*\)/, '');
  const indent = withoutCost.length - withoutCost.trimStart().length;
  return `${' '.repeat(Math.round(indent / 3))}${withoutCost.trim()}`;
}

export async function explainScreens(
  url: string,
  prepared: PreparedTarget,
  cases: ScreenCase[],
  options: { brief?: boolean } = {},
) {
  const handle = loggingDatabase(url, { readOnly: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'prestaya-bench-screens-explain-'));
  try {
    const config = loadConfig(
      { ...prepared.serverEnv, DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'no-web') },
      dataDir,
    );
    const app = await buildApp({
      config,
      database: { kind: 'pg', client: handle.pool, db: handle.db, close: async () => {} },
      logger: false,
    });
    const explained = new Set<string>();
    try {
      for (const c of cases) {
        const path = c.request.path(prepared.context);
        handle.statements.length = 0;
        const reply = await app.inject({
          method: 'GET',
          url: path,
          headers: { authorization: `Bearer ${prepared.tokens[c.role]}` },
        });
        const statements = [...handle.statements];
        console.log(
          `\n--- ${c.label}: GET ${path} → ${reply.statusCode}, ${statements.length} statements ---`,
        );
        if (reply.statusCode !== 200) {
          console.log(`   ${reply.body.slice(0, 500)}`);
          continue;
        }
        for (const statement of statements) {
          const key = `${statement.text}\n${JSON.stringify(statement.params)}`;
          const text = options.brief
            ? `${statement.text.replace(/\s+/g, ' ').slice(0, 120)}…`
            : statement.text;
          console.log(`\n${text}${options.brief ? '' : `\n-- params: ${JSON.stringify(statement.params)}`}`);
          if (!READ.test(statement.text)) console.log('   (not a SELECT: not explained)');
          else if (explained.has(key)) console.log('   (explained above)');
          else {
            explained.add(key);
            const plan = await explain(url, statement);
            const lines = options.brief ? plan.filter((line) => BRIEF.test(line)).map(briefLine) : plan;
            for (const line of lines) console.log(`   ${line}`);
          }
        }
      }
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
