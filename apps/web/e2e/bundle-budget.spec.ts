import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { curpOf, unique } from './support/data.ts';
import { adminApi, deliveredLoan } from './support/staff-api.ts';

/**
 * The JS a page downloads on its first load, gzip -9 of each file: a phone on a slow network pays for
 * every byte, so each page has a ceiling and must not grow with the back office's code or dependencies:
 * 120 KiB for all four (bench:web, docs/performance-history.md "Web").
 */
const KIB = 1024;
const BUDGET = { landing: 120 * KIB, consulta: 120 * KIB, statement: 120 * KIB, login: 120 * KIB };

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

type Scripts = Awaited<ReturnType<typeof scriptsOf>>;

/** The page's total within `budget`, with the heaviest files listed for whoever has to trim it. */
function expectWithin(path: string, scripts: Scripts, budget: number) {
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  console.log(`${path}: ${scripts.length} scripts, ${(total / KIB).toFixed(1)} KiB gzip -9`);
  for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 8))
    console.log(`  ${(script.gzip / KIB).toFixed(1)} KiB ${script.url.split('/').pop()}`);
  expect(total, `${path} downloads ${(total / KIB).toFixed(1)} KiB gzip`).toBeLessThanOrEqual(budget);
}

/** The server sends the pre-compressed files; nothing of the back office, its router or zod comes along. */
function expectNoBackOffice(scripts: Scripts) {
  for (const script of scripts) {
    // Vite's compression plugin skips files under 1 KiB, which go as they are.
    if (script.gzip > 1024) expect(script.encoding, script.url).toMatch(/^(br|gzip)$/);
    expect(script.url).not.toMatch(/AdminLayout|CatalogTable|login|main-/);
    expect(script.text, `${script.url} carries zod`).not.toContain('$ZodType');
    expect(script.text, `${script.url} carries React Router`).not.toContain('React Router');
  }
}

test('a visitor of /consulta downloads at most 120 KiB of gzipped JS, compressed, and none of the back office', async ({
  page,
}) => {
  const scripts = await scriptsOf(page, '/consulta');
  await expect(page.getByRole('heading', { name: 'Consulta de Préstamo' })).toBeVisible();
  expectWithin('/consulta', scripts, BUDGET.consulta);
  expectNoBackOffice(scripts);
});

test('the landing page is its prerendered HTML and CSS: no script at all', async ({ page }) => {
  const scripts = await scriptsOf(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Consultar mi préstamo' })).toHaveAttribute(
    'href',
    '/consulta',
  );
  // src/public/prerender.tsx: a landing that needs a script again gets its budget back.
  expect(scripts.map((script) => script.url)).toEqual([]);
  expectWithin('/', scripts, BUDGET.landing);
});

test("a loan's public statement stays within its budget and carries none of the back office", async ({
  page,
  request,
}) => {
  const id = unique();
  const { loan } = await deliveredLoan(await adminApi(request), {
    account: { name: `Caja Presupuesto ${id}`, bankName: 'Efectivo', customerName: 'PrestaYa Oficina' },
    customer: {
      name: `Lidia${id}`,
      lastName: 'Campos',
      phone: `57${id.slice(-8)}`,
      curp: curpOf('CALI', id),
    },
  });
  const scripts = await scriptsOf(page, `/loans/${loan.id}`);
  // The statement itself, not its loading or error state, is what was measured.
  await expect(page.getByTestId('statement-customer')).toHaveText(`Lidia${id} Campos`);
  expectWithin('/loans/{id}', scripts, BUDGET.statement);
  expectNoBackOffice(scripts);
});

test('the back office is another document: Login loads its own entry within its budget, not the public one', async ({
  page,
}) => {
  const scripts = await scriptsOf(page, '/auth/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expectWithin('/auth/login', scripts, BUDGET.login);
  expect(scripts.some((script) => /\/assets\/main-/.test(script.url))).toBe(true);
  expect(scripts.some((script) => /\/assets\/public-/.test(script.url))).toBe(false);
  // Signing in needs neither the router nor the '¿Olvidaste tu contraseña?' dialog: both come later.
  for (const script of scripts) {
    expect(script.text, `${script.url} carries React Router`).not.toContain('React Router');
    expect(script.url).not.toMatch(/ForgotPasswordDialog|AdminLayout|\/App-/);
  }
});
