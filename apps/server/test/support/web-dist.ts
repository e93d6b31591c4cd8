import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll } from 'vitest';

/**
 * A stand-in for apps/web/dist, removed after the file: the SPA shell plus one hashed asset and its
 * pre-compressed copy.
 */
export function fakeWebDist(): string {
  const webDist = mkdtempSync(join(tmpdir(), 'prestaya-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>PrestaYa</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("app")'));
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));
  return webDist;
}
