import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';

/**
 * The JS a visitor of /consulta downloads, gzip -9 of each file, must stay within 120 KiB: a borrower's
 * page must not grow with the back office's code or dependencies.
 */
const CONSULTA_BUDGET_BYTES = 120 * 1024;

async function scriptsOf(page: Page, path: string) {
  const scripts: { url: string; gzip: number; encoding: string | undefined; text: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        scripts.push({
          url: response.url(),
          gzip: gzipSync(body, { level: 9 }).length,
          encoding: response.headers()['content-encoding'],
          text: body.toString('utf8'),
        });
      }),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  return scripts;
}

test('a visitor of /consulta downloads at most 120 KiB of gzipped JS, compressed, and none of the back office', async ({
  page,
}) => {
  const scripts = await scriptsOf(page, '/consulta');
  await expect(page.getByRole('heading', { name: 'Consulta de Préstamo' })).toBeVisible();

  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  console.log(`/consulta: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KiB gzip -9`);
  for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 8))
    console.log(`  ${(script.gzip / 1024).toFixed(1)} KiB ${script.url.split('/').pop()}`);
  expect(total).toBeLessThanOrEqual(CONSULTA_BUDGET_BYTES);
  // The server sends the pre-compressed files; nothing of the back office, its router or zod comes along.
  for (const script of scripts) {
    // Vite's compression plugin skips files under 1 KiB, which go as they are.
    if (script.gzip > 1024) expect(script.encoding, script.url).toMatch(/^(br|gzip)$/);
    expect(script.url).not.toMatch(/AdminLayout|CatalogTable|login|main-/);
    expect(script.text, `${script.url} carries zod`).not.toContain('$ZodType');
    expect(script.text, `${script.url} carries React Router`).not.toContain('React Router');
  }
});

test('the back office is another document: Login loads its own entry, not the public one', async ({
  page,
}) => {
  const scripts = await scriptsOf(page, '/auth/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(scripts.some((script) => /\/assets\/main-/.test(script.url))).toBe(true);
  expect(scripts.some((script) => /\/assets\/public-/.test(script.url))).toBe(false);
});
