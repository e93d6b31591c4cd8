import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { businessDate } from '@prestaya/domain';
import { curpOf, unique } from './support/data.ts';
import { expectFitsPhone, PHONE } from './support/phone.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { apiOf } from './support/staff-api.ts';

// A customer's documents, on a 360 px phone: the INE's front (an image) and a proof of address (a
// PDF) are uploaded through the 'Documentos' tab, a text file posing as a PDF is refused with the form
// kept, both documents are listed, the image opens in the gallery and the PDF is downloaded through
// its signed link, and the administrator deletes one after confirming.
test.use({ viewport: PHONE });

const IMAGE = fileURLToPath(new URL('./fixtures/comprobante.png', import.meta.url));
const PDF = fileURLToPath(new URL('./fixtures/documento.pdf', import.meta.url));

async function upload(page: Page, type: string, file: Parameters<Page['setInputFiles']>[1]) {
  await page.getByRole('combobox', { name: 'Tipo de documento' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  // A proof of address carries the date printed on it.
  if (type === 'Comprobante de domicilio')
    await page.getByLabel('Fecha del comprobante').fill(businessDate(new Date(), 'America/Mexico_City'));
  await page.getByLabel('Archivo del documento').setInputFiles(file);
  await page.getByRole('button', { name: 'Subir documento' }).click();
}

test('documents: upload an INE image and a PDF, view one, download the other, refuse a fake PDF, delete one', async ({
  page,
}) => {
  const id = unique();
  const name = `Dora${id}`;
  await signInAsAdmin(page);
  const api = apiOf(page.request, await tokenOf(page));
  const customer = await api.post('/api/v1/customers', {
    name,
    lastName: 'Documentos',
    phone: `56${id.slice(-8)}`,
    curp: curpOf('DODO', id),
  });

  await page.goto(`/admin/customers/${customer.id}`);
  await page.getByRole('tab', { name: 'Documentos' }).click();
  const documents = page.getByRole('region', { name: 'Documentos' });
  await expect(documents.getByText('Sin documentos')).toBeVisible();

  await upload(page, 'INE (frente)', IMAGE);
  await expect(page.getByText('Documento subido')).toBeVisible();
  const items = page.getByRole('list', { name: 'Documentos del cliente' }).getByRole('listitem');
  await expect(items).toHaveCount(1);

  // A text file named .pdf: the server reads its bytes and refuses it; type and description stay.
  await page.getByRole('textbox', { name: 'Descripción' }).fill('Recibo de luz');
  await upload(page, 'Comprobante de domicilio', {
    name: 'recibo.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('Esto no es un PDF.\n'),
  });
  const form = page.getByRole('form', { name: 'Subir documento' });
  await expect(form.getByRole('alert')).toHaveText(
    'El documento debe ser una imagen JPG, PNG, WebP o HEIC, o un PDF',
  );
  await expect(page.getByRole('textbox', { name: 'Descripción' })).toHaveValue('Recibo de luz');
  await expect(page.getByRole('combobox', { name: 'Tipo de documento' })).toHaveValue(
    'Comprobante de domicilio',
  );
  await page.getByLabel('Archivo del documento').setInputFiles(PDF);
  await page.getByRole('button', { name: 'Subir documento' }).click();
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Comprobante de domicilio');
  await expect(items.nth(0)).toContainText('Recibo de luz');
  await expect(items.nth(0)).toContainText('documento.pdf');
  await expect(items.nth(1)).toContainText('INE (frente)');
  await expect(items.nth(1)).toContainText('comprobante.png');
  await expectFitsPhone(page, new RegExp(name));

  // The image opens in the zoomable gallery.
  const thumbnail = items.nth(1).getByRole('img', { name: 'INE (frente)' });
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(320);
  await items.nth(1).getByRole('button', { name: 'Ver INE (frente)' }).click();
  const lightbox = page.locator('.pswp');
  await expect(lightbox.locator('img.pswp__img').first()).toBeVisible();
  // PhotoSwipe ignores Escape until its opening animation has ended: retry like an impatient user.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden({ timeout: 1000 });
  }).toPass();

  // The PDF is downloaded, never opened inside the application: its signed link serves it without a
  // session, as an attachment that may run nothing even if a browser rendered it.
  const download = items.nth(0).getByRole('link', { name: 'Descargar Comprobante de domicilio' });
  const link = (await download.getAttribute('href')) ?? '';
  expect(link).toMatch(/\/documents\/[0-9a-f-]+\/file\?expires=\d+&signature=[0-9a-f]{64}$/);
  const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(saved.suggestedFilename()).toBe('documento.pdf');
  const file = await page.request.get(link, { headers: { authorization: '' } });
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="documento.pdf"/);
  expect(file.headers()['content-security-policy']).toMatch(/^sandbox; /);
  expect((await file.body()).subarray(0, 8).toString()).toBe('%PDF-1.4');

  // The administrator deletes the INE after confirming; the PDF stays.
  await items.nth(1).getByRole('button', { name: 'Eliminar INE (frente)' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Eliminar este documento?' });
  await expect(confirm).toContainText('«INE (frente)» (comprobante.png)');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Documento eliminado')).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(items.nth(0)).toContainText('Comprobante de domicilio');
});
