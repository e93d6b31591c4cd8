import { expect, type Locator, type Page, test } from '@playwright/test';
import { curpOf, unique } from './support/data.ts';
import { PHONE, PHONE_WIDTH } from './support/phone.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { apiOf, createAgent } from './support/staff-api.ts';

// A phone in the hand: every select inside a dialog opens and chooses with a tap, and the page never
// grows wider than the screen while it does.
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** The page's width now, and after each animation frame for a while: it must never pass the screen. */
async function widestPage(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((done) => {
        let widest = document.documentElement.scrollWidth;
        let frames = 0;
        const step = () => {
          widest = Math.max(widest, document.documentElement.scrollWidth, window.innerWidth);
          if (++frames < 20) requestAnimationFrame(step);
          else done(widest);
        };
        requestAnimationFrame(step);
      }),
  );
}

/** Taps the select open, then taps `option`: the choice shows in the field, the page keeps its width. */
/** Taps the select open (and, for a server search, types `typed`), then taps the option. */
async function tapChoose(page: Page, select: Locator, option: string | RegExp, typed?: string) {
  await select.tap();
  if (typed) await select.fill(typed);
  const choice = page.getByRole('option', { name: option });
  await expect(choice).toBeVisible();
  expect(await widestPage(page), 'the page grows sideways while the options are open').toBeLessThanOrEqual(
    PHONE_WIDTH,
  );
  await choice.tap();
  await expect(choice).toBeHidden();
  expect(await widestPage(page)).toBeLessThanOrEqual(PHONE_WIDTH);
}

async function signedInApi(page: Page) {
  await signInAsAdmin(page);
  return apiOf(page.request, await tokenOf(page));
}

test('approves a loan choosing the withdrawal account by tap', async ({ page }) => {
  const id = unique();
  const api = await signedInApi(page);
  // The dialog lists the first 20 accounts by name (docs/product.md §2); the journeys' shared server
  // holds more, so the account is found by typing, as a lender with many accounts would.
  const accountName = `Caja Aprobación Tap ${id}`;
  const opened = await api.post('/api/v1/bank-accounts', {
    name: accountName,
    bankName: 'Banorte',
    customerName: 'PrestaYa Oficina',
    balance: 20_000,
  });
  const customer = await api.post('/api/v1/customers', {
    name: `Rosa${id}`,
    lastName: 'Tactil',
    phone: `56${id.slice(-8)}`,
    curp: curpOf('TARO', id),
  });
  const loan = await api.post(`/api/v1/customers/${customer.id}/loans`, { amount: 5_000 });

  await page.goto('/admin/loans');
  const search = page.getByPlaceholder('No. préstamo o cliente');
  await search.fill(String(loan.num));
  await search.press('Enter');
  const row = page
    .getByRole('table', { name: 'Lista Global de Préstamos' })
    .getByRole('row')
    .filter({ hasText: `Rosa${id}` });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Acciones' }).tap();
  await page.getByRole('menuitem', { name: 'Aprobar', exact: true }).tap();
  const dialog = page.getByRole('dialog', { name: 'Aprobación de Préstamo' });
  const select = dialog.getByRole('combobox', { name: 'Cuenta de retiro' });
  await tapChoose(page, select, new RegExp(`^${accountName} — Saldo`), accountName);
  await expect(select).toHaveValue(new RegExp(`^${accountName}`));
  await dialog.getByRole('button', { name: 'Aprobar' }).tap();
  await expect(page.getByText('El préstamo ha sido aprobado')).toBeVisible();
  // The server approved it from the account chosen by tap.
  expect(await api.get(`/api/v1/loans/${loan.id}`)).toMatchObject({
    status: 'APPROVED',
    bankAccount: { id: opened.id, name: accountName },
  });
});

test('registers a customer choosing the agent by tap', async ({ page }) => {
  const id = unique();
  const api = await signedInApi(page);
  const tapAgent = await createAgent(api, {
    lastName: `Tap${id}`,
    username: `tap.${id}@prestaya.mx`,
    pin: '4817',
  });
  await page.goto('/admin/customers');
  await page.getByRole('button', { name: 'Registrar' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Registrar Nuevo Cliente' });
  const agent = dialog.getByRole('combobox', { name: 'Agente' });
  await tapChoose(page, agent, `Agente Tap${id}`);
  await expect(agent).toHaveValue(`Agente Tap${id}`);
  // The customer is saved with that agent: typed and tapped as on a phone.
  const curp = curpOf('TAAG', id);
  for (const [label, value] of [
    ['Nombre', `Agustin${id}`],
    ['Apellido Paterno', 'Tactil'],
    ['Teléfono', `53${id.slice(-8)}`],
    ['CURP', curp],
  ] as const) {
    await dialog.getByLabel(label, { exact: true }).tap();
    await page.keyboard.type(value);
  }
  await dialog.getByRole('button', { name: 'Guardar' }).tap();
  await expect(page.getByText('Cliente registrado correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();
  const found = (await api.get(`/api/v1/customers?size=10&query=${curp}`)) as { id: string }[];
  expect(found).toHaveLength(1);
  expect(await api.get(`/api/v1/customers/${found[0]?.id}`)).toMatchObject({
    curp,
    agentId: tapAgent.id,
  });
});

test("taps the selects of a customer's dialogs: the address's Estado, the loan request's terms", async ({
  page,
}) => {
  const id = unique();
  const api = await signedInApi(page);
  const customer = await api.post('/api/v1/customers', {
    name: `Selena${id}`,
    lastName: 'Tactil',
    phone: `59${id.slice(-8)}`,
    curp: curpOf('TASE', id),
  });
  await page.goto(`/admin/customers/${customer.id}`);

  await page.getByRole('button', { name: 'Solicitar' }).tap();
  const request = page.getByRole('dialog', { name: 'Nueva solicitud de Préstamo' });
  await request.getByLabel('Monto').fill('5000');
  await tapChoose(page, request.getByRole('combobox', { name: 'Plazo' }), '12 semanas');
  await expect(request.getByRole('combobox', { name: 'Plazo' })).toHaveValue('12 semanas');
  await page.reload();

  await page.getByRole('tab', { name: 'Datos Personales' }).tap();
  await page.getByRole('region', { name: 'Direcciones' }).getByRole('button', { name: 'Registrar' }).tap();
  const address = page.getByRole('dialog', { name: 'Registrar Dirección' });
  await tapChoose(page, address.getByRole('combobox', { name: 'Estado' }), 'Puebla');
  await expect(address.getByRole('combobox', { name: 'Estado' })).toHaveValue('Puebla');
});
