import { expect, type Page, test } from '@playwright/test';
import { curpOf, unique } from './support/data.ts';
import { expectNoSideScroll, openFromMenu, PHONE, tapToOpen } from './support/phone.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { apiOf, type StaffApi } from './support/staff-api.ts';

// PLD (docs/compliance.md): a blocked-persons list imported from a CSV flags a customer whose name
// matches once case and accents are folded ('NÚÑEZ…, RAMONA' is Ramona Nuñez…); their loan cannot be
// approved until an administrator resolves the match with a reason.

const STOPPED = 'Operación detenida: el cliente requiere una revisión del administrador';

/** A customer Ramona Nuñez<id> with a $1,000 loan waiting for approval, and an account to fund it. */
async function flaggedCandidate(api: StaffApi, id: string) {
  const account = await api.post('/api/v1/bank-accounts', {
    name: `PLD ${id}`,
    bankName: 'Banorte',
    customerName: 'PrestaYa Oficina',
    balance: 5_000,
  });
  const customer = await api.post('/api/v1/customers', {
    name: 'Ramona',
    lastName: `Nuñez${id}`,
    phone: `56${id.slice(-8)}`,
    curp: curpOf('NURA', id),
  });
  const loan = await api.post(`/api/v1/customers/${customer.id}/loans`, { amount: 1_000 });
  return { account, customer, loan };
}

const listCsv = (id: string) =>
  `nombre,curp,rfc,lista,fecha\r\n"NÚÑEZ${id}, RAMONA",,,UIF,15/11/2026\r\nOtra Persona ${id},,,OFAC,\r\n`;

async function approveStatus(page: Page, token: string, loanId: string, accountId: string) {
  const reply = await page.request.put(`/api/v1/loans/${loanId}/approve`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { bankAccountId: accountId },
  });
  return { status: reply.status(), detail: (await reply.json()).detail as string | undefined };
}

test('an administrator imports a list, sees the match and resolves it; the loan is stopped until then', async ({
  page,
}) => {
  const id = unique();
  await signInAsAdmin(page);
  const token = await tokenOf(page);
  const { account, loan } = await flaggedCandidate(apiOf(page.request, token), id);

  await page.getByRole('navigation').getByRole('link', { name: 'PLD' }).click();
  await expect(page.getByRole('heading', { name: 'PLD', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Listas' }).click();
  const form = page.getByRole('form', { name: 'Importar lista' });
  await form.getByRole('textbox', { name: /Nombre de la lista/ }).fill(`UIF ${id}`);

  // A bad row refuses the whole file, naming the row and the column.
  await form.locator('input[type="file"]').setInputFiles({
    name: 'bloqueados.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`nombre,curp,rfc,lista,fecha\r\nUno ${id},ABC,,UIF,\r\n,,,UIF,\r\n`),
  });
  await form.getByRole('button', { name: 'Importar' }).click();
  const errors = form.getByRole('list', { name: 'Errores por fila' });
  await expect(errors.getByText('Fila 2, curp: La CURP: debe tener 18 letras y números')).toBeVisible();
  await expect(errors.getByText('Fila 3, nombre: El nombre es requerido')).toBeVisible();

  await form.locator('input[type="file"]').setInputFiles({
    name: 'bloqueados.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(listCsv(id)),
  });
  await form.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('Lista importada: 2 personas, 1 coincidencias nuevas')).toBeVisible();
  await expect(page.getByRole('article', { name: `UIF ${id}` })).toContainText('bloqueados.csv · 2 personas');

  // The loan cannot be approved while the match is pending.
  expect(await approveStatus(page, token, loan.id, account.id)).toEqual({ status: 409, detail: STOPPED });

  // Pending matches are paged oldest first: this journey's new one is on page 1 while the run's fresh
  // database holds fewer than 10 pending (each journey resolves its own).
  await page.getByRole('tab', { name: 'Coincidencias' }).click();
  const card = page.getByRole('article', { name: `Coincidencia de Ramona Nuñez${id}` });
  await expect(card).toContainText(`Coincide por Nombre con NÚÑEZ${id}, RAMONA (UIF, 15/11/2026)`);
  await expect(card.getByText(/^Reportar antes de /)).toBeVisible();
  await card.getByRole('button', { name: 'Resolver' }).click();
  const dialog = page.getByRole('dialog', { name: `Resolver la coincidencia de Ramona Nuñez${id}` });
  await dialog.getByRole('button', { name: 'Resolver' }).click();
  await expect(dialog.getByText('El motivo es requerido')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: /^Motivo/ })
    .fill('Homónimo: CURP y fecha de nacimiento distintas');
  await dialog.getByRole('button', { name: 'Resolver' }).click();
  await expect(page.getByText('Coincidencia resuelta')).toBeVisible();
  await expect(card).toBeHidden();

  await page.getByText('Resueltas', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Resueltas' })).toBeChecked();
  await expect(page.getByRole('article', { name: `Coincidencia de Ramona Nuñez${id}` })).toContainText(
    'Homónimo: CURP y fecha de nacimiento distintas',
  );
  expect((await approveStatus(page, token, loan.id, account.id)).status).toBe(200);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('PLD reads on a phone: each match a card, resolved with taps, no sideways scroll', async ({
    page,
  }) => {
    const id = unique();
    await signInAsAdmin(page);
    const token = await tokenOf(page);
    const api = apiOf(page.request, token);
    await flaggedCandidate(api, id);
    const imported = await page.request.post('/api/v1/aml/lists', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        name: `UIF móvil ${id}`,
        file: { name: 'bloqueados.csv', mimeType: 'text/csv', buffer: Buffer.from(listCsv(id)) },
      },
    });
    expect(imported.status(), await imported.text()).toBe(201);

    await openFromMenu(page, 'PLD');
    await expect(page.getByRole('heading', { name: 'PLD', level: 1 })).toBeVisible();
    const card = page.getByRole('article', { name: `Coincidencia de Ramona Nuñez${id}` });
    await expect(card).toBeVisible();
    await expectNoSideScroll(page);
    const dialog = page.getByRole('dialog', { name: `Resolver la coincidencia de Ramona Nuñez${id}` });
    await tapToOpen(card.getByRole('button', { name: 'Resolver' }), dialog);
    const reason = dialog.getByRole('textbox', { name: /^Motivo/ });
    await reason.tap();
    await reason.fill('No es la misma persona');
    await dialog.getByRole('button', { name: 'Resolver' }).tap();
    await expect(card).toBeHidden();

    await page.getByRole('tab', { name: 'Operaciones relevantes' }).tap();
    await expect(page.getByRole('form', { name: 'Umbrales de operaciones relevantes' })).toBeVisible();
    await expectNoSideScroll(page);
    await page.getByRole('tab', { name: 'Listas' }).tap();
    await expect(page.getByRole('article', { name: `UIF móvil ${id}` })).toBeVisible();
    await expectNoSideScroll(page);
  });
});
