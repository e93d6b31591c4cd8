import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { businessDate } from '@prestaya/domain';
import { curpOf, unique } from './support/data.ts';
import { expect, test } from './support/own-server.ts';
import { expectFitsPhone, PHONE } from './support/phone.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { apiOf, type StaffApi } from './support/staff-api.ts';

// Identity checks: the customer's details show what the CURP tells (birth date, age, state) and the
// RFC; the 'Documentos' tab's badge lists what the expediente lacks and turns 'Expediente completo'
// once both INE sides and a proof of address with its date are uploaded; with 'Exigir expediente
// completo para aprobar' switched on (Configuración), approving a loan is refused until then. The
// setting changes what every approval needs, so these journeys run on a server of their own.

test.describe.configure({ mode: 'serial' });

const IMAGE = fileURLToPath(new URL('./fixtures/comprobante.png', import.meta.url));
const TODAY = () => businessDate(new Date(), 'America/Mexico_City');

async function newCustomer(api: StaffApi, prefix: string) {
  const id = unique();
  const name = `${prefix}${id.slice(-6)}`;
  const curp = curpOf('IDEN', id);
  const customer = await api.post('/api/v1/customers', {
    name,
    lastName: 'Expediente',
    phone: `55${id.slice(-8)}`,
    curp,
    rfc: '',
  });
  return { customer, name, curp };
}

async function chooseType(page: Page, type: string, touch: boolean) {
  const select = page.getByRole('combobox', { name: 'Tipo de documento' });
  await (touch ? select.tap() : select.click());
  const option = page.getByRole('option', { name: type, exact: true });
  await (touch ? option.tap() : option.click());
}

async function upload(page: Page, type: string, touch = false) {
  await chooseType(page, type, touch);
  if (type === 'Comprobante de domicilio') await page.getByLabel('Fecha del comprobante').fill(TODAY());
  await page.getByLabel('Archivo del documento').setInputFiles(IMAGE);
  const send = page.getByRole('button', { name: 'Subir documento' });
  await (touch ? send.tap() : send.click());
  await expect(page.getByText('Documento subido').first()).toBeVisible();
}

test('desktop: facts of the CURP, the expediente badge, and approval that requires it', async ({ page }) => {
  await signInAsAdmin(page);
  const api = apiOf(page.request, await tokenOf(page));
  const { customer, curp } = await newCustomer(api, 'Irene');
  const account = await api.post('/api/v1/bank-accounts', {
    name: `Caja ${unique()}`,
    bankName: 'Efectivo',
    customerName: 'PrestaYa Oficina',
    balance: 50_000,
  });
  const loan = await api.post(`/api/v1/customers/${customer.id}/loans`, { amount: 5_000 });

  // Configuración: the administrator requires a complete expediente to approve.
  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'Expediente del cliente' });
  const requireIt = card.getByRole('switch', { name: 'Exigir expediente completo para aprobar' });
  await expect(requireIt).not.toBeChecked();
  await expect(card.getByLabel('Antigüedad máxima del comprobante de domicilio (meses)')).toHaveValue('3');
  await requireIt.check();
  await card.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Política de identidad guardada')).toBeVisible();

  // The details: what the CURP tells.
  await page.goto(`/admin/customers/${customer.id}?tab=datos`);
  const identity = page.getByRole('region', { name: 'Identidad' });
  const born = `19${curp.slice(4, 6)}-${curp.slice(6, 8)}-${curp.slice(8, 10)}`;
  await expect(identity.getByTestId('identity-birth-date')).toHaveText(
    `${born.slice(8, 10)}/${born.slice(5, 7)}/${born.slice(0, 4)}`,
  );
  await expect(identity.getByTestId('identity-age')).toHaveText(/^\d{2} años$/);
  await expect(identity.getByTestId('identity-birth-state')).toHaveText('CIUDAD DE MEXICO');
  await expect(identity.getByTestId('identity-rfc')).toHaveText('Sin RFC');

  // Approval is refused while the expediente lacks anything.
  const refused = await page.request.put(`/api/v1/loans/${loan.id}/approve`, {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data: { bankAccountId: account.id },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).detail).toBe(
    'No se puede aprobar: el expediente del cliente está incompleto. Falta: INE (frente), INE (reverso), Comprobante de domicilio',
  );

  await page.getByRole('tab', { name: 'Documentos' }).click();
  const badge = page.getByTestId('expediente');
  await expect(badge).toContainText('Expediente incompleto');
  await expect(badge).toContainText('Falta: INE (frente), INE (reverso), Comprobante de domicilio');
  await upload(page, 'INE (frente)');
  await upload(page, 'INE (reverso)');
  await expect(badge).toContainText('Falta: Comprobante de domicilio');
  await upload(page, 'Comprobante de domicilio');
  await expect(badge).toHaveText('Expediente completo');
  const items = page.getByRole('list', { name: 'Documentos del cliente' }).getByRole('listitem');
  const [year, month, day] = TODAY().split('-');
  await expect(items.first()).toContainText(`Fecha del comprobante: ${day}/${month}/${year}`);

  expect((await api.put(`/api/v1/loans/${loan.id}/approve`, { bankAccountId: account.id })).status).toBe(
    'APPROVED',
  );
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('phone: upload a proof of address with its date by taps and see the badge turn complete', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const api = apiOf(page.request, await tokenOf(page));
    const { customer, name } = await newCustomer(api, 'Paula');
    await api.post(`/api/v1/customers/${customer.id}/addresses`, {
      street: 'Av. Reforma',
      numExterior: '10',
      neighborhood: 'Centro',
      city: 'Puebla',
      state: 'PUEBLA',
      postalCode: '72000',
    });
    // Both INE sides through the API (the desktop journey uploads them through the screen).
    const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
    for (const type of ['INE_FRONT', 'INE_BACK']) {
      const file = { name: 'ine.png', mimeType: 'image/png', buffer: readFileSync(IMAGE) };
      const reply = await page.request.post(`/api/v1/customers/${customer.id}/documents`, {
        headers,
        multipart: { type, file },
      });
      expect(reply.status(), await reply.text()).toBe(201);
    }

    await page.goto(`/admin/customers/${customer.id}`);
    await page.getByRole('tab', { name: 'Datos Personales' }).tap();
    await expect(page.getByRole('region', { name: 'Identidad' }).getByTestId('identity-age')).toHaveText(
      /^\d{2} años$/,
    );
    await expectFitsPhone(page, new RegExp(name));
    await page.getByRole('tab', { name: 'Documentos' }).tap();
    const badge = page.getByTestId('expediente');
    await expect(badge).toContainText('Falta: Comprobante de domicilio');
    await expectFitsPhone(page, new RegExp(name));

    await upload(page, 'Comprobante de domicilio', true);
    await expect(badge).toHaveText('Expediente completo');
    await expectFitsPhone(page, new RegExp(name));
  });
});
