import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { curpOf, unique } from './support/data.ts';
import { expectNoSideScroll, PHONE } from './support/phone.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { apiOf, type StaffApi } from './support/staff-api.ts';
import { rowWithCell } from './support/tables.ts';

// CAT and contract documents: the specification's product (12 weekly installments, 20 % flat) shows
// CAT 347.3 % on 'Productos', the loan form, the printed statement and the cover page; the cover page
// prints on one Letter page; the signed contract is uploaded from the loan's documents. (The setting
// 'Exigir contrato firmado para entregar' is business-wide, so its effect on delivery is left to the
// API tests: turning it on here would refuse the deliveries of journeys running beside this one.)

const IMAGE = fileURLToPath(new URL('./fixtures/comprobante.png', import.meta.url));
const PDF = fileURLToPath(new URL('./fixtures/documento.pdf', import.meta.url));
const CAT = 'CAT sin IVA, para fines informativos';

async function approvedLoan(api: StaffApi, id: string, prefix: string) {
  const account = await api.post('/api/v1/bank-accounts', {
    name: `Contratos ${id}`,
    bankName: 'Banorte',
    customerName: 'PrestaYa Oficina',
    balance: 10_000,
  });
  const customer = await api.post('/api/v1/customers', {
    name: 'Rebeca',
    lastName: `Contrato${id}`,
    phone: `59${id.slice(-8)}`,
    curp: curpOf(prefix, id),
  });
  const loan = await api.post(`/api/v1/customers/${customer.id}/loans`, { amount: 3_000 });
  await api.put(`/api/v1/loans/${loan.id}/approve`, { bankAccountId: account.id });
  return { customer, loan };
}

/** Pages of a PDF Chromium printed: its page objects. */
const pagesOf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;

async function loanRowOf(page: Page, customerId: string, num: number) {
  await page.goto(`/admin/customers/${customerId}`);
  return rowWithCell(page.getByRole('table', { name: 'Préstamos' }), String(num));
}

test.describe('desktop', () => {
  test('the same CAT everywhere; the cover page prints on one Letter page; the signed contract uploads', async ({
    page,
    context,
  }) => {
    const id = unique();
    await signInAsAdmin(page);
    const api = apiOf(page.request, await tokenOf(page));
    const { customer, loan } = await approvedLoan(api, id, 'RECO');

    // 'Productos' and the loan form.
    await page.goto('/admin/products');
    await expect(page.getByTestId('product-cat').first()).toHaveText(`${CAT}: 347.3 %`);
    const row = await loanRowOf(page, customer.id, loan.num);
    await page.getByRole('button', { name: 'Solicitar' }).click();
    const form = page.getByRole('dialog', { name: 'Nueva solicitud de Préstamo' });
    await form.getByLabel(/^Monto/).fill('3000');
    await expect(form.getByTestId('loan-form-cat')).toHaveText(`${CAT}: 347.3 %`);
    await form.getByRole('button', { name: 'Cancelar' }).click();
    const leave = page.getByRole('dialog', { name: 'Cambios sin guardar' });
    if (await leave.isVisible()) await leave.getByRole('button', { name: 'Salir sin guardar' }).click();

    // 'Contrato y pagaré' opens the documents in a tab of their own.
    await row.getByRole('button', { name: 'Acciones' }).click();
    const [documents] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('menuitem', { name: 'Contrato y pagaré', exact: true }).click(),
    ]);
    const cover = documents.getByRole('main', { name: 'Carátula' });
    await expect(cover.getByTestId('cover-cat')).toContainText('347.3 %');
    await expect(documents.getByRole('main', { name: 'Contrato' })).toContainText(`${CAT}: 347.3 %`);
    await expect(documents.getByRole('main', { name: 'Pagaré' })).toContainText('TRES MIL SEISCIENTOS PESOS');

    // Printed on Letter paper: the whole set takes pages of its own, the cover page alone one page.
    const all = await documents.pdf({ format: 'Letter', preferCSSPageSize: true });
    expect(pagesOf(all)).toBeGreaterThanOrEqual(3);
    await documents.goto(`/admin/print/loans/${loan.id}/contract?cover=1`);
    await expect(documents.getByTestId('cover-cat')).toContainText('347.3 %');
    const pdf = await documents.pdf({ format: 'Letter', preferCSSPageSize: true });
    expect(pagesOf(pdf)).toBe(1);

    // The signed copy, a real PDF, from the documents' toolbar.
    const [chooser] = await Promise.all([
      documents.waitForEvent('filechooser'),
      documents.getByRole('button', { name: 'Subir contrato firmado' }).click(),
    ]);
    await chooser.setFiles(PDF);
    await expect(documents.getByText('Contrato firmado subido', { exact: true })).toBeVisible();
    await expect(documents.getByTestId('signed-contract-status')).toHaveText(/^Contrato firmado subido el /);

    // Delivered, its printed statement shows the same CAT.
    await api.put(`/api/v1/loans/${loan.id}/activate`);
    await documents.goto(`/admin/print/loans/${loan.id}`);
    await expect(documents.getByTestId('statement-balance')).toBeVisible();
    await expect(documents.getByLabel('Datos del préstamo')).toContainText(`${CAT}347.3 %`);
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('on a 360 px phone, taps open the contract from the loan and upload the signed copy', async ({
    page,
    context,
  }) => {
    const id = unique();
    await signInAsAdmin(page);
    const api = apiOf(page.request, await tokenOf(page));
    const { customer, loan } = await approvedLoan(api, id, 'REFO');
    const row = await loanRowOf(page, customer.id, loan.num);
    await row.getByRole('button', { name: 'Acciones' }).tap();
    const [documents] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('menuitem', { name: 'Contrato y pagaré', exact: true }).tap(),
    ]);
    await expect(documents.getByRole('main', { name: 'Carátula' }).getByTestId('cover-cat')).toContainText(
      '347.3 %',
    );
    const width = await documents.evaluate(() =>
      Math.max(document.documentElement.scrollWidth, window.innerWidth),
    );
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSideScroll(documents);

    const [chooser] = await Promise.all([
      documents.waitForEvent('filechooser'),
      documents.getByRole('button', { name: 'Subir contrato firmado' }).tap(),
    ]);
    await chooser.setFiles(IMAGE);
    await expect(documents.getByTestId('signed-contract-status')).toHaveText(/^Contrato firmado subido el /);
    const [signed] = (await api.get(`/api/v1/customers/${customer.id}/documents`)).filter(
      (document: { type: string }) => document.type === 'SIGNED_CONTRACT',
    );
    expect(signed).toMatchObject({ loanId: loan.id, contentType: 'image/png' });
  });
});
