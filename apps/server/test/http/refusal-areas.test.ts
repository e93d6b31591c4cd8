import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFUSALS } from '../../src/http/refusals.ts';

const AREAS_DIR = join(import.meta.dirname, '../../src/http/refusals');

describe('the refusal areas', () => {
  // Spreading the areas into one table would let a later area silently replace an earlier area's code.
  it('word each code in exactly one area, and the table holds them all', async () => {
    const seen = new Map<string, string>();
    for (const name of readdirSync(AREAS_DIR).filter((file) => file !== 'status.ts')) {
      const area: Record<string, Record<string, unknown>> = await import(join(AREAS_DIR, name));
      for (const table of Object.values(area)) {
        for (const code of Object.keys(table)) {
          expect(seen.get(code), `${code} in ${name}`).toBeUndefined();
          seen.set(code, name);
        }
      }
    }
    expect([...seen.keys()].sort()).toEqual(Object.keys(REFUSALS).sort());
  });
});
