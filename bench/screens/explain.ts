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

export async function explainScreens(url: string, prepared: PreparedTarget, cases: ScreenCase[]) {
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
          console.log(`\n${statement.text}\n-- params: ${JSON.stringify(statement.params)}`);
          if (!READ.test(statement.text)) console.log('   (not a SELECT: not explained)');
          else if (explained.has(key)) console.log('   (explained above)');
          else {
            explained.add(key);
            for (const line of await explain(url, statement)) console.log(`   ${line}`);
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
