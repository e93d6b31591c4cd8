import { expect, type Locator, type Page, test } from '@playwright/test';
import { curpOf, unique } from './support/data.ts';
import { expectFitsPhone, expectNoSideScroll, PHONE } from './support/phone.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { apiOf, deliveredLoan } from './support/staff-api.ts';
import { cellTexts, openRowAction, rowWithCell } from './support/tables.ts';

// A loan officer works the back office from a 360 px phone: every staff screen fits the width (no
// sideways page scroll), the header keeps 'Cerrar Sesión' on screen, and axe finds nothing serious.
test.use({ viewport: PHONE });

/** Signs the admin in and prepares an account, a customer and their delivered $10,000 loan. */
async function signedInWithLoan(page: Page) {
  const id = unique();
  await signInAsAdmin(page);
  const api = apiOf(page.request, await tokenOf(page));
  const prepared = await deliveredLoan(api, {
    account: { name: `Caja Móvil ${id}`, bankName: 'Banorte', customerName: 'PrestaYa Oficina' },
    customer: {
      name: `Lucía${id}`,
      lastName: 'Móvil',
      phone: `57${id.slice(-8)}`,
      curp: curpOf('MOLU', id),
    },
  });
  return { id, api, ...prepared };
}

/** Wrapped, not cut: the element's box holds all of its text. */
const wholeText = (text: Locator) =>
  text.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight);

/** The staff screens, in two halves so each journey stays well inside its time limit (axe per screen). */
const STAFF_SCREENS: ((
  id: string,
  ids: { customer: string; account: string },
) => [string, string | RegExp])[][] = [
  [
    () => ['/admin/dashboard', 'Dashboard'],
    () => ['/admin/customers', 'Clientes'],
    (id, ids) => [`/admin/customers/${ids.customer}`, new RegExp(`Lucía${id}`)],
    () => ['/admin/loans', 'Préstamos'],
    () => ['/admin/payments', 'Pagos Recibidos'],
  ],
  [
    () => ['/admin/bank-accounts', 'Cuentas Bancarias'],
    (id, ids) => [`/admin/bank-accounts/${ids.account}/transactions`, `Caja Móvil ${id}`],
    () => ['/admin/users', 'Usuarios'],
    () => ['/admin/audit', 'Auditoría'],
    () => ['/admin/backups', 'Respaldos'],
  ],
];

for (const [half, screens] of STAFF_SCREENS.entries()) {
  test(`every staff screen fits 360 px with the header actions on screen and no serious axe finding (${half + 1}/2)`, async ({
    page,
  }) => {
    const { id, account, customer } = await signedInWithLoan(page);
    for (const screen of screens) {
      const [path, heading] = screen(id, { customer: customer.id, account: account.id });
      await page.goto(path);
      await expectFitsPhone(page, heading);
    }
  });
}

test('the ledger signs each amount and shows the whole concept; Acciones never covers Tipo', async ({
  page,
}) => {
  const { id, api, account } = await signedInWithLoan(page);
  const concept = `Pago de renta del local de la sucursal centro, mes de noviembre ${id}`;
  await api.patch(`/api/v1/bank-accounts/${account.id}`, { withdrawal: 500, reason: concept });

  await page.goto(`/admin/bank-accounts/${account.id}/transactions`);
  const table = page.getByRole('table', { name: 'Transacciones' });
  const withdrawal = table.getByRole('row').filter({ hasText: 'Retiro' });
  await expect(withdrawal).toHaveCount(1);
  const text = withdrawal.getByText(concept, { exact: true });
  await expect(text).toBeVisible();
  expect(await wholeText(text)).toBe(true);
  await expect(withdrawal.getByTestId('transaction-amount')).toHaveText('−$500.00');
  const deposit = table.getByRole('row').filter({ hasText: 'Depósito' });
  await expect(deposit.getByTestId('transaction-amount')).toHaveText('+$20,000.00');

  // The pinned Acciones column sits beside Tipo, never over it.
  const type = await withdrawal.getByText('Retiro', { exact: true }).boundingBox();
  const actions = await withdrawal.getByRole('cell').last().boundingBox();
  expect(type && actions && type.x + type.width <= actions.x).toBe(true);
  await expectFitsPhone(page, `Caja Móvil ${id}`);

  // On a desktop the concept wraps in the Tipo column too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(table.getByRole('columnheader', { name: 'Tipo' })).toBeVisible();
  expect(await wholeText(text)).toBe(true);
});

test('on a phone: find a customer, pay installment 1 in cash and find it in Pagos Recibidos', async ({
  page,
}) => {
  const { id, loan } = await signedInWithLoan(page);
  const num = String(loan.num);

  // Clientes: the search finds the customer; the row opens their details.
  await page.goto('/admin/customers');
  const search = page.getByPlaceholder(/Nombre/);
  await search.fill(`Lucía${id}`);
  await search.press('Enter');
  const customerRow = page.getByRole('row').filter({ hasText: `Lucía${id}` });
  await expect(customerRow).toHaveCount(1);
  await expectFitsPhone(page, 'Clientes');
  await customerRow.getByText(`Lucía${id}`).first().click();
  await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);

  // Préstamos tab → Pagar: installment 1 in cash.
  const loanRow = await rowWithCell(page.getByRole('table', { name: 'Préstamos' }), num);
  await expectFitsPhone(page, new RegExp(`Lucía${id}`));
  await openRowAction(page, loanRow, 'Pagar');
  const form = page.getByRole('dialog', { name: 'Registro de Pago' });
  await form.getByRole('checkbox', { name: 'Pago 1 de 12' }).check();
  await expectNoSideScroll(page);
  const pay = form.getByRole('button', { name: 'Registrar Pago por $1,000.00' });
  await expect(pay).toBeInViewport();
  await pay.click();
  await expect(page.getByText('Pago registrado correctamente!')).toBeVisible();
  await expect(form).toBeHidden();

  // Pagos Recibidos lists it, amount and status readable at 360 px.
  await page.getByRole('button', { name: 'Abrir menú de navegación' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Pagos' }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await page.getByPlaceholder('No. préstamo o cliente').fill(num);
  await page.getByPlaceholder('No. préstamo o cliente').press('Enter');
  const paymentRow = await rowWithCell(page.getByRole('table', { name: 'Pagos Recibidos' }), num);
  expect((await cellTexts(paymentRow)).join(' ')).toContain('$1,000.00');
  await expectFitsPhone(page, 'Pagos Recibidos');
  await openRowAction(page, paymentRow, 'Ver');
  await expectFitsPhone(page, 'Detalle del Pago');
});
