import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { curpOf, randomCurp, randomPhone, unique, uniqueWord } from './support/data.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { apiOf, deliveredLoan } from './support/staff-api.ts';

// Lists at a day's scale: Clientes with each customer's loan status and balance, sorted by the server,
// found by CURP, exported with every column; a page size that survives a reload; Pagos Recibidos by date.

/** 'DD/MM/YYYY' (en-GB's numeric date) of the business day (Mexico City) `days` from today. */
const businessDay = (days = 0) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Mexico_City' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

async function search(page: Page, text: string) {
  const box = page.getByPlaceholder(/Nombre, Apellido, Telefono|No\. préstamo o cliente/);
  await box.fill(text);
  await box.press('Enter');
}

test('Clientes: status, agent and balance, sorted by balance, found by CURP, in the CSV; the page size stays', async ({
  page,
}) => {
  const word = uniqueWord(5);
  const curp = curpOf('LIST', unique());
  await signInAsAdmin(page);
  const api = apiOf(page.request, await tokenOf(page));
  await deliveredLoan(api, {
    account: { name: `Caja Listas ${word}`, bankName: 'Efectivo', customerName: 'PrestaYa Oficina' },
    customer: { name: `Saldo ${word}`, lastName: 'Gómez', phone: randomPhone(), curp },
  });
  await api.post('/api/v1/customers', {
    name: `Nada ${word}`,
    lastName: 'Gómez',
    phone: randomPhone(),
    curp: randomCurp(),
  });

  // The beginning of the CURP, typed in lower case, finds the customer with their loan's figures.
  await search(page, curp.slice(0, 10).toLowerCase());
  const table = page.getByRole('table', { name: 'Clientes' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Saldo ${word} Gómez`);
  await expect(rows.first()).toContainText(curp);
  await expect(rows.first()).toContainText('Al corriente');
  await expect(rows.first()).toContainText('$12,000.00');

  // Sorted by Saldo on the server: $0.00 ('Sin préstamo') first, then the other way round.
  await search(page, word);
  await expect(rows).toHaveCount(2);
  await table.getByRole('button', { name: /^Saldo/ }).click();
  await expect(rows.first()).toContainText('Sin préstamo');
  await expect(rows.first()).toContainText(`Nada ${word}`);
  await table.getByRole('button', { name: /^Saldo/ }).click();
  await expect(rows.first()).toContainText(`Saldo ${word}`);

  // The CSV has every column of the list, for the same customers in the same order.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar CSV' }).click(),
  ]);
  const csv = new TextDecoder().decode(readFileSync(await download.path()).subarray(3));
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('No.,Nombre,Teléfono,CURP,Agente,Estatus,Saldo,Alta');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`Saldo ${word} Gómez`);
  expect(lines[1]).toContain(`,${curp},`);
  expect(lines[1]).toContain(',Al corriente,12000.00,');
  expect(lines[2]).toContain(',Sin préstamo,0.00,');

  // 25 rows a page, still 25 after a reload.
  await page.getByRole('combobox', { name: 'Filas por página' }).click();
  await page.getByRole('option', { name: '25', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Filas por página' })).toHaveValue('25');
  await page.reload();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filas por página' })).toHaveValue('25');
});

test('Pagos Recibidos: the date of each payment, and Desde/Hasta keep only those days', async ({ page }) => {
  const word = uniqueWord(5);
  await signInAsAdmin(page);
  const api = apiOf(page.request, await tokenOf(page));
  const { loan } = await deliveredLoan(api, {
    account: { name: `Caja Fechas ${word}`, bankName: 'Efectivo', customerName: 'PrestaYa Oficina' },
    customer: { name: `Fecha ${word}`, lastName: 'Ruiz', phone: randomPhone(), curp: randomCurp() },
  });
  const schedule = await api.get(`/api/v1/loans/${loan.id}/scheduled-payments`);
  await api.multipart(`/api/v1/loans/${loan.id}/payments`, {
    paymentRequest: JSON.stringify({
      scheduledPaymentIds: [schedule[0].id],
      feeIds: [],
      paymentMethod: 'CASH',
    }),
  });

  await page.goto('/admin/payments');
  await search(page, word);
  const rows = page.getByRole('table', { name: 'Pagos Recibidos' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(businessDay());

  await page.getByRole('textbox', { name: 'Desde' }).fill(businessDay(1));
  await page.getByRole('heading', { name: 'Pagos Recibidos', level: 1 }).click();
  await expect(page.getByText('No hay registros para mostrar')).toBeVisible();
  await page.getByRole('textbox', { name: 'Desde' }).fill(businessDay());
  await page.getByRole('textbox', { name: 'Hasta' }).fill(businessDay());
  await page.getByRole('heading', { name: 'Pagos Recibidos', level: 1 }).click();
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Quitar fechas' }).click();
  await expect(page.getByRole('textbox', { name: 'Desde' })).toHaveValue('');
  await expect(rows).toHaveCount(1);
});
