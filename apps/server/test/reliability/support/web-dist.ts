import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const PAGE = '<!doctype html><title>PrestaYa</title><div id="root"></div>';

/**
 * A stand-in for apps/web/dist (index.html and one hashed asset; the borrower's public.html when
 * asked), so the routes and headers of the built web app are there without building it. Removed after
 * the file's tests.
 */
export function fakeWebDist(options: { publicPage?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'prestaya-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), PAGE);
  if (options.publicPage) writeFileSync(join(dir, 'public.html'), PAGE);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
