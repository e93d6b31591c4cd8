import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { fromPgliteTemplate } from '../support/database.ts';

/** The tests' in-memory PGlite skips full-page images; every other database keeps them. */
describe('openDatabase crashUnsafe (PGlite)', () => {
  const fullPageWrites = async (options: { crashUnsafe?: boolean }) => {
    const database = await openDatabase({ dataDir: 'memory://', ...options, ...fromPgliteTemplate() });
    try {
      if (database.kind !== 'pglite') throw new Error('expected PGlite');
      const { rows } = await database.client.query<{ value: string }>(
        `select current_setting('full_page_writes') as value`,
      );
      return rows[0]?.value;
    } finally {
      await database.close();
    }
  };

  // Two whole PGlite databases opened one after the other (~4 s alone): on CI's last stage, beside two
  // other suites on two cores, that can take longer than the 30 s default.
  it('turns full-page writes off only when asked', async () => {
    expect(await fullPageWrites({})).toBe('on');
    expect(await fullPageWrites({ crashUnsafe: true })).toBe('off');
  }, 120_000);

  it('refuses it for a database on disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prestaya-crash-unsafe-'));
    try {
      await expect(openDatabase({ dataDir: join(dir, 'db'), crashUnsafe: true })).rejects.toThrow(
        'crashUnsafe is for an in-memory database only',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
