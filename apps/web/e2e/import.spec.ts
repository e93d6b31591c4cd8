import { expect, type Page, test } from '@playwright/test';
import { type BookRow, bookRow, xlsxOf } from './support/book-file.ts';
import { unique } from './support/data.ts';
import { expectFitsPhone, expectNoSideScroll, openFromMenu, PHONE } from './support/phone.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { AGENT_PASSWORD, apiOf, createAgent } from './support/staff-api.ts';

// 'Importar': a 200-row book with 12 planted errors shows exactly those 12 in the dry run, nothing
// written; the corrected file imports with its progress; the same file again imports nothing; the
// agent's Cobranza and portfolio then agree with the rows (loans from the past: no cash moves).

/** The 12 planted errors, by row of data (1-based), each in one column. */
const PLANTED: Record<number, Partial<BookRow>> = {
  7: { telefono: '55-1234' },
  19: { curp: 'GAMA600101' },
  33: { codigo_postal: '7200' },
  48: { estado: 'CALIFORNIA' },
  59: { monto: '-500' },
  72: { fecha_entrega: '31/02/2026' },
  85: { agente: 'no-existe' },
  101: { multas_pendientes: '9999' },
  117: { abono_siguiente: '100' },
  130: { nombre: '' },
  151: { pagos_realizados: 'dos' },
  188: { monto: '50' },
};

async function upload(page: Page, name: string, file: Buffer) {
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await expect(page.getByRole('region', { name: 'Revisión del archivo' })).toContainText(
    `Revisión de ${name}`,
  );
}

async function agentOf(page: Page, run: string) {
  const api = apiOf(page.request, await tokenOf(page));
  const username = `importa${run}@prestaya.mx`;
  const agent = await createAgent(api, { lastName: `Importa${run}`, username, pin: '4826' });
  const login = await page.request.post('/api/v1/auth/login', {
    data: { username, password: AGENT_PASSWORD },
  });
  const token = (await login.json()).access_token as string;
  return { agent, token, api: apiOf(page.request, token) };
}

test('a 200-row book: exactly the 12 planted problems, then the corrected file imports once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const run = unique();
  await signInAsAdmin(page);
  const { agent, api, token } = await agentOf(page, run);
  const rows = Array.from({ length: 200 }, (_, i) => bookRow(run, i + 1, String(agent.num)));
  const withErrors = rows.map((row, i) => ({ ...row, ...PLANTED[i + 1] }));

  await page.getByRole('navigation').getByRole('link', { name: 'Importar' }).click();
  await expect(page.getByRole('heading', { name: 'Importar', level: 1 })).toBeVisible();
  await upload(page, 'cartera-con-errores.xlsx', await xlsxOf(withErrors));
  const review = page.getByRole('region', { name: 'Revisión del archivo' });
  await expect(review.getByText('Problemas (12)')).toBeVisible();
  const problems = review.getByRole('table', { name: 'Problemas por fila' }).locator('tbody tr');
  await expect(problems).toHaveCount(12);
  const expected = Object.keys(PLANTED).map((n) => String(Number(n) + 1));
  expect(await problems.locator('td:first-child').allTextContents()).toEqual(expected);
  await expect(problems.filter({ hasText: 'no-existe' })).toContainText('N · agente');
  const download = page.waitForEvent('download');
  await review.getByRole('button', { name: 'Descargar filas rechazadas' }).click();
  expect((await download).suggestedFilename()).toBe('cartera-con-errores-rechazadas.csv');
  expect((await api.get('/api/v1/reports/portfolio')).loans).toMatchObject({ active: 0, delayed: 0 });

  await upload(page, 'cartera.xlsx', await xlsxOf(rows));
  await expect(review.getByText('Sin problemas.')).toBeVisible();
  await expect(review.getByRole('radio', { name: /Todo o nada/ })).toBeChecked();
  await review.getByRole('button', { name: 'Importar' }).click();
  await expect(review.getByRole('status')).toContainText('Se importaron 200 clientes y 200 préstamos');
  await expect(review.getByText('200 de 200 filas')).toBeVisible();

  // The same file again: every row already imported, nothing written.
  await upload(page, 'cartera.xlsx', await xlsxOf(rows));
  await expect(review.getByText('Ya importadas').locator('..')).toContainText('200');
  await review.getByRole('button', { name: 'Importar' }).click();
  await expect(review.getByRole('status')).toContainText(
    'Se importaron 0 clientes y 0 préstamos; 200 filas ya',
  );
  const history = page.getByRole('region', { name: 'Historial de importaciones' });
  await expect(history.getByRole('row').filter({ hasText: '200 clientes, 200 préstamos' })).toHaveCount(1);

  // Each row owes $1,100 ($300 of it due today: $50 + $100 of installments, $150 of fines).
  const portfolio = await api.get('/api/v1/reports/portfolio');
  expect(portfolio.loans).toEqual({ active: 0, delayed: 200, restructured: 0 });
  expect(portfolio.outstandingBalance).toBe(220_000);
  const reply = await page.request.get('/api/v1/collections?tab=overdue&size=1', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const cobranza = await reply.json();
  expect(cobranza.summary.counts.overdue).toBe(200);
  expect(cobranza.summary.toCollectToday).toBe(60_000);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('Importar on a phone: problems as cards, the valid rows imported with taps', async ({ page }) => {
    const run = unique();
    await signInAsAdmin(page);
    const { agent } = await agentOf(page, run);
    const rows = Array.from({ length: 5 }, (_, i) =>
      bookRow(run, i + 1, agent.username, i === 2 ? { codigo_postal: '123' } : {}),
    );
    await openFromMenu(page, 'Importar');
    await expectFitsPhone(page, 'Importar');
    await upload(page, 'cartera-movil.xlsx', await xlsxOf(rows));
    const review = page.getByRole('region', { name: 'Revisión del archivo' });
    const cards = review.getByRole('list', { name: 'Problemas por fila' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Fila 4 · M · codigo_postal');
    await expect(review.getByRole('radio', { name: /Solo las filas válidas/ })).toBeChecked();
    await expectNoSideScroll(page);
    await review.getByRole('button', { name: 'Importar' }).tap();
    await expect(review.getByRole('status')).toContainText('Se importaron 4 clientes y 4 préstamos');
    const history = page.getByRole('list', { name: 'Importaciones' });
    await expect(
      history.getByRole('listitem').filter({ hasText: 'cartera-movil.xlsx' }).first(),
    ).toContainText('4 clientes, 4 préstamos');
    await expectNoSideScroll(page);
  });
});
