import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './constants.ts';
import { randomCurp, randomPhone, uniqueWord } from './support/data.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { apiOf, deliveredLoan } from './support/staff-api.ts';

// The audit trail (a customer's creation and edit, seen in /admin/audit and in the
// customer's Historial), the customers CSV (UTF-8 with BOM, accents intact, the search honoured) and
// the printable payment receipt (one page, on Letter and on A4).

/** Page objects of a PDF ('/Type /Page', never '/Type /Pages'). */
function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)\b/g) ?? []).length;
}

test('a customer created and edited shows both rows in Auditoría and in its Historial; the CSV keeps the accents', async ({
  page,
}) => {
  const word = uniqueWord(5);
  const name = `José María ${word}`;
  const phone = randomPhone();
  const newPhone = randomPhone('56');

  await signInAsAdmin(page);

  // Create through 'Registrar Nuevo Cliente'.
  await page.getByRole('button', { name: 'Registrar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Nuevo Cliente' });
  await dialog.getByLabel('Nombre', { exact: true }).fill(name);
  await dialog.getByLabel('Apellido Paterno').fill('Gómez');
  await dialog.getByLabel('Apellido Materno').fill('Núñez');
  await dialog.getByLabel('Teléfono').fill(phone);
  await dialog.getByLabel('CURP').fill(randomCurp());
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cliente registrado correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Edit the phone on Datos Personales; the Historial below the form shows both rows at once.
  const search = page.getByPlaceholder('Nombre, Apellido, Telefono');
  await search.fill(word);
  await search.press('Enter');
  await page.getByRole('row').filter({ hasText: phone }).click();
  await expect(page.getByRole('heading', { name: `${name} Gómez Núñez`, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Datos Personales' }).click();
  await page.getByLabel('Teléfono').fill(newPhone);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cliente actualizado')).toBeVisible();

  const history = page.getByRole('region', { name: 'Historial' });
  const items = history.getByRole('list', { name: 'Historial' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Actualizado');
  await expect(items.nth(0).getByRole('row', { name: `Teléfono ${phone} ${newPhone}` })).toBeVisible();
  await expect(items.nth(1)).toContainText('Creado');
  const customerUrl = page.url();

  // Auditoría, filtered to customers: the two rows, newest first, by the administrator.
  await page.getByRole('navigation').getByRole('link', { name: 'Auditoría' }).click();
  await expect(page.getByRole('heading', { name: 'Auditoría', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Entidad' }).click();
  await page.getByRole('option', { name: 'Cliente', exact: true }).click();
  await expect(page).toHaveURL(/entity=customer/);
  const rows = page.getByRole('table', { name: 'Registros' }).getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Actualizado');
  await expect(rows.nth(1)).toContainText('Creado');

  // And by user: the 'Usuario' filter searches the staff on the server; a reload keeps the name.
  const adminLabel = `Administrador PrestaYa (${E2E_ADMIN.username})`;
  const searched = page.waitForRequest(
    (request) => new URL(request.url()).searchParams.get('query') === 'administrador prest',
  );
  await page.getByRole('combobox', { name: 'Usuario' }).fill('administrador prest');
  expect(new URL((await searched).url()).pathname).toBe('/api/v1/users');
  await page.getByRole('option', { name: adminLabel }).click();
  await expect(page).toHaveURL(/userId=/);
  await expect(rows).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Usuario' })).toHaveValue(adminLabel);
  await expect(rows).toHaveCount(2);
  await rows
    .nth(0)
    .getByRole('button', { name: /Ver cambios/ })
    .click();
  const changes = page.getByRole('dialog', { name: 'Cambios' });
  await expect(changes.getByRole('row', { name: `Teléfono ${phone} ${newPhone}` })).toBeVisible();
  await changes.getByRole('button', { name: 'Cerrar' }).click();
  await rows
    .nth(0)
    .getByRole('link', { name: new RegExp(word) })
    .click();
  await expect(page).toHaveURL(customerUrl.replace(/\?.*$/, ''));

  // Customers CSV with the list's search: a UTF-8 BOM, the accents as written, only this customer.
  await page.goto('/admin/customers');
  await page.getByPlaceholder('Nombre, Apellido, Telefono').fill(word);
  await page.getByPlaceholder('Nombre, Apellido, Telefono').press('Enter');
  await expect(page.getByRole('row').filter({ hasText: newPhone })).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^clientes-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`José María ${word}`);
  expect(lines[1]).toContain('Núñez');
  expect(lines[1]).toContain(newPhone);
  expect(csv).not.toMatch(/Ã|Â/);
});

test("the payment receipt opens from 'Imprimir recibo' in a new tab and prints on exactly one page", async ({
  page,
  context,
}) => {
  const id = `${Date.now()}`.slice(-8);
  await signInAsAdmin(page);
  const api = apiOf(page.request, await tokenOf(page));
  const { loan } = await deliveredLoan(api, {
    account: { name: `Caja Recibos ${id}`, bankName: 'Efectivo', customerName: 'PrestaYa Oficina' },
    customer: {
      name: `Lucía Recibo${uniqueWord(5)}`,
      lastName: 'Ordóñez',
      phone: `57${id}`,
      curp: randomCurp(),
    },
  });
  const schedule = await api.get(`/api/v1/loans/${loan.id}/scheduled-payments`);
  const payment = await api.multipart(`/api/v1/loans/${loan.id}/payments`, {
    paymentRequest: JSON.stringify({
      scheduledPaymentIds: [schedule[0].id, schedule[1].id],
      feeIds: [],
      paymentMethod: 'CASH',
    }),
  });

  await page.goto(`/admin/payments/${payment.id}`);
  await expect(page.getByRole('heading', { name: 'Detalle del Pago', level: 1 })).toBeVisible();
  const [receipt] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Imprimir recibo' }).click(),
  ]);
  // The new tab restores the session from storage and shows the document alone.
  await expect(receipt.getByRole('heading', { name: 'Recibo de pago', level: 1 })).toBeVisible();
  await expect(receipt).toHaveURL(new RegExp(`/admin/print/payments/${payment.id}$`));
  await expect(receipt.getByText(new RegExp(`^Folio ${loan.num}-`))).toBeVisible();
  await expect(receipt.getByTestId('receipt-total')).toHaveText('$2,000.00');
  await expect(receipt.getByRole('table', { name: 'Conceptos del recibo' }).locator('tbody tr')).toHaveCount(
    2,
  );
  await expect(receipt.getByRole('navigation')).toHaveCount(0);

  for (const format of ['Letter', 'A4'] as const) {
    const pdf = await receipt.pdf({ format, printBackground: true });
    expect(pdfPageCount(pdf), `${format}: pages of the receipt`).toBe(1);
  }
  // The print stylesheet hides the buttons.
  await receipt.emulateMedia({ media: 'print' });
  await expect(receipt.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await receipt.close();

  // The page counter sees every page: a document made of two sheets counts 2.
  const twoPages = await context.newPage();
  await twoPages.setContent('<p style="break-after: page">uno</p><p>dos</p>');
  expect(pdfPageCount(await twoPages.pdf({ format: 'Letter' }))).toBe(2);
  await twoPages.close();

  // The loan statement is a print route too (the Préstamos row offers it once delivered).
  await page.goto(`/admin/print/loans/${loan.id}`);
  await expect(page.getByRole('heading', { name: 'Estado de cuenta', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Calendario de pagos' }).locator('tbody tr')).toHaveCount(12);
  const current = await api.get(`/api/v1/loans/${loan.id}`);
  const pesos = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
  await expect(page.getByTestId('statement-balance')).toHaveText(pesos.format(current.currentBalance));
});
