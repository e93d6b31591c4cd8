import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeFinding } from './support/axe.ts';
import { curpOf, unique } from './support/data.ts';
import { waitForHydration } from './support/public-page.ts';
import { signInAsAdmin } from './support/session.ts';
import { adminApi, createAgent, deliveredLoan } from './support/staff-api.ts';

const PROOF = fileURLToPath(new URL('./fixtures/comprobante.png', import.meta.url));

// The public journey, on a phone-sized screen: a borrower finds a delivered $10,000 loan by
// number + phone, ticks installment 1 ($1,000.00) and registers a cash payment authorised by an
// agent's user number and PIN; the statement shows 'Pago 1 de 12' awaiting validation.

test.use({ viewport: { width: 390, height: 844 } });

async function lookUp(page: Page, num: string, phone: string) {
  await waitForHydration(page);
  await page.getByLabel('Número de préstamo').fill(num);
  await page.getByLabel('Teléfono (10 dígitos)').fill(phone);
  await page.getByRole('button', { name: 'Buscar' }).click();
}

test('a borrower looks up the loan, pays installment 1 with the agent PIN and sees the statement', async ({
  page,
  request,
}) => {
  const id = unique();
  const phone = `58${id.slice(-8)}`;
  const pin = '2468';

  // Set-up: an account with $20,000, an agent with PIN 2468, that agent's customer, a $10,000 loan delivered.
  const api = await adminApi(request);
  const agent = await createAgent(api, {
    lastName: `Público${id}`,
    username: `agente.${id}@prestaya.mx`,
    pin,
  });
  const agentNum = String(agent.num);
  const { loan } = await deliveredLoan(api, {
    account: { name: `Caja Pública ${id}`, bankName: 'Efectivo', customerName: 'PrestaYa Oficina' },
    customer: {
      name: `Carmen${id}`,
      lastName: 'Vega',
      secondLastName: 'Ríos',
      phone,
      curp: curpOf('VERC', id),
      agentId: agent.id,
    },
  });
  expect(loan.status).toBe('ACTIVE');
  const num = String(loan.num);

  // Landing: one h1, 'Conocer más' leads to 'Cómo funciona'.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('banner').getByText('Préstamos personales')).toBeVisible();
  await page.getByRole('link', { name: 'Conocer más' }).click();
  await expect(page.getByRole('heading', { name: 'Cómo funciona', level: 2 })).toBeInViewport();
  await expect(page.getByText('12 pagos semanales').first()).toBeVisible();

  // /consulta from the header: a wrong phone is a plain miss.
  await page.getByRole('banner').getByRole('link', { name: 'Consulta' }).click();
  await expect(page).toHaveURL(/\/consulta$/);
  const wrongPhone = phone.endsWith('0') ? `${phone.slice(0, 9)}1` : `${phone.slice(0, 9)}0`;
  await lookUp(page, num, wrongPhone);
  await expect(page.getByText('No se encontró el Préstamo')).toBeVisible();
  await expect(page.getByText('No de pudo encontrar el préstamo con los datos proporcionados')).toBeVisible();

  // The right number + phone: 12 installments, the customer's name, no button yet.
  await lookUp(page, num, phone);
  await expect(page.getByText(`Carmen${id} Vega Ríos`)).toBeVisible();
  const installments = page.getByTestId('public-installment');
  await expect(installments).toHaveCount(12);
  await expect(page.getByText('No se encontró el Préstamo')).toBeHidden();
  await expect(page.getByRole('button', { name: /Registrar Pago por/ })).toBeHidden();
  await page.getByRole('checkbox', { name: 'Pago 1 de 12' }).check();
  // The list and the header fit the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Consulta' })).toBeInViewport({ ratio: 1 });
  await page.getByRole('button', { name: 'Registrar Pago por $1,000.00' }).click();

  // The dialog: Efectivo, the agent's number and a wrong PIN → the generic refusal inside it.
  const dialog = page.getByRole('dialog', { name: 'Registrar Pago' });
  await expect(dialog.getByLabel('Total a pagar')).toHaveValue('$1,000.00');
  await expect(dialog.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
  await dialog.getByLabel('Número de usuario del agente').fill(agentNum);
  await dialog.getByLabel(/^PIN/).fill('1357');
  await dialog.getByRole('button', { name: 'Registrar Pago' }).click();
  await expect(dialog.getByText('Autorización inválida: verifique su número de usuario y PIN')).toBeVisible();
  await expect(dialog).toBeVisible();

  // The right PIN → confirmation; the refreshed lookup lists 11 installments.
  await dialog.getByLabel(/^PIN/).fill(pin);
  await dialog.getByRole('button', { name: 'Registrar Pago' }).click();
  await expect(page.getByText('Pago registrado. Tu agente lo validará pronto.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(installments).toHaveCount(11);
  await expect(page.getByRole('checkbox', { name: 'Pago 1 de 12' })).toHaveCount(0);

  // The statement: 'Pago 1 de 12' awaits validation.
  await page.getByRole('link', { name: 'Ver estado de cuenta' }).click();
  await expect(page).toHaveURL(new RegExp(`/loans/${loan.id}$`));
  await expect(page.getByRole('heading', { name: 'Estado de Cuenta de Préstamo', level: 1 })).toBeVisible();
  await expect(page.getByTestId('statement-customer')).toHaveText(`Carmen${id} Vega Ríos`);
  const schedule = page.getByRole('table', { name: 'Calendario de pagos' });
  await expect(schedule.locator('tbody tr')).toHaveCount(12);
  const first = schedule.getByRole('row').filter({ hasText: 'Pago 1 de 12' });
  await expect(first.getByRole('cell').nth(4)).toHaveText('Validando');
  await expect(first.getByRole('cell').nth(2)).toHaveText(/^\d{2}\/\d{2}\/\d{2}$/);
  const second = schedule.getByRole('row').filter({ hasText: 'Pago 2 de 12' });
  await expect(second.getByRole('cell').nth(4)).toHaveText('Pendiente');
  // The page fits the phone: no sideways scrolling of the document.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAxeFinding(page);

  // An unknown id → the not-found panel of docs/product.md §2 "LoanDetails".
  await page.goto(`/loans/${randomUUID()}`);
  await expect(
    page.getByText(
      'Préstamo no encontrado. No pudimos encontrar tu préstamo. Favor de comunicarse con su agente para obtener detalles de su préstamo',
    ),
  ).toBeVisible();
});

test('what a borrower types while /consulta is still loading its scripts is kept and looked up', async ({
  page,
  request,
}) => {
  const id = unique();
  const phone = `57${id.slice(-8)}`;
  const { loan } = await deliveredLoan(await adminApi(request), {
    account: { name: `Caja Lenta ${id}`, bankName: 'Efectivo', customerName: 'PrestaYa Oficina' },
    customer: { name: `Lucía${id}`, lastName: 'Paz', phone, curp: curpOf('PAZL', id) },
  });

  // A slow phone: the prerendered form is on screen and typed into before any script has run.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    releaseScripts = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/consulta', { waitUntil: 'commit' });
  await page.getByLabel('Número de préstamo').fill(String(loan.num));
  await page.getByLabel('Teléfono (10 dígitos)').fill(phone);
  releaseScripts();
  await waitForHydration(page);

  await expect(page.getByLabel('Número de préstamo')).toHaveValue(String(loan.num));
  await expect(page.getByLabel('Teléfono (10 dígitos)')).toHaveValue(phone);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('checkbox', { name: 'Pago 1 de 12' })).toBeVisible();
});

test('the landing page and /consulta have no serious or critical accessibility violations', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousAxeFinding(page);
  await page.goto('/consulta');
  await expect(page.getByRole('button', { name: 'Buscar' })).toBeVisible();
  await expectNoSeriousAxeFinding(page);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('two installments paid by transfer with a proof image and a PIN; staff see it Validando; the copied link opens the statement', async ({
    page,
    context,
    request,
  }) => {
    const id = unique();
    const phone = `59${id.slice(-8)}`;
    const pin = '97531';
    const api = await adminApi(request);
    const agent = await createAgent(api, {
      lastName: `Transferencia${id}`,
      username: `agente.t.${id}@prestaya.mx`,
      pin,
    });
    const { customer, loan } = await deliveredLoan(api, {
      account: { name: `Banco Público ${id}`, bankName: 'BBVA', customerName: 'PrestaYa' },
      customer: {
        name: `Rosa${id}`,
        lastName: 'Méndez',
        phone,
        curp: curpOf('MERR', id, 'Y'),
        agentId: agent.id,
      },
    });
    const num = String(loan.num);

    // The borrower: look up, tick installments 1 and 2, pay $2,000.00 by transfer with a real image.
    await page.goto('/consulta');
    await lookUp(page, num, phone);
    await expect(page.getByTestId('public-installment')).toHaveCount(12);
    await page.getByRole('checkbox', { name: 'Pago 2 de 12' }).check();
    await expect(page.getByRole('checkbox', { name: 'Pago 1 de 12' })).toBeChecked();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Registrar Pago por $2,000.00' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar Pago' });
    await dialog.getByRole('radio', { name: 'Transferencia' }).check();
    await dialog.locator('input[type=file]').setInputFiles(PROOF);
    await expect(dialog.getByRole('button', { name: 'Borrar' })).toBeVisible();
    await dialog.getByLabel('Número de usuario del agente').fill(String(agent.num));
    await dialog.getByLabel(/^PIN/).fill(pin);
    await dialog.getByRole('button', { name: 'Registrar Pago' }).click();
    await expect(page.getByText('Pago registrado. Tu agente lo validará pronto.')).toBeVisible();
    await expect(page.getByTestId('public-installment')).toHaveCount(10);

    // Staff: the payment is in Pagos Recibidos as a transfer awaiting validation.
    await signInAsAdmin(page);
    await page.goto('/admin/payments');
    await page.getByPlaceholder('No. préstamo o cliente').fill(num);
    await page.getByPlaceholder('No. préstamo o cliente').press('Enter');
    const row = page.getByRole('row').filter({ hasText: `Rosa${id}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('$2,000.00');
    await expect(row).toContainText('Transferencia');
    await expect(row).toContainText('Validando');

    // The statement link copied from the customer's loan opens the public statement.
    await page.goto(`/admin/customers/${customer.id}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const loanRow = page.getByRole('row').filter({ hasText: num });
    await loanRow.getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Link', exact: true }).click();
    await expect(page.getByText('Link copiado al portapapeles')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`/loans/${loan.id}$`));
    // The document has the browser fetch the statement's data while the scripts download, and the
    // page's own read is answered from that: the server is asked once.
    const statementReads: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith(`/public/api/v1/loans/${loan.id}`)) statementReads.push(sent.url());
    });
    const opened = await page.goto(link);
    expect(opened?.headers().link).toContain(`</public/api/v1/loans/${loan.id}>; rel=preload; as=fetch`);
    await expect(page.getByRole('heading', { name: 'Estado de Cuenta de Préstamo', level: 1 })).toBeVisible();
    const schedule = page.getByRole('table', { name: 'Calendario de pagos' });
    for (const k of [1, 2]) {
      const installment = schedule.getByRole('row').filter({ hasText: `Pago ${k} de 12` });
      await expect(installment.getByRole('cell').nth(4)).toHaveText('Validando');
    }
    expect(statementReads).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
