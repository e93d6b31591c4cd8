import { expect, type Locator, type Page, test } from '@playwright/test';
import { curpOf, unique } from './support/data.ts';
import { PHONE } from './support/phone.ts';
import { waitForHydration } from './support/public-page.ts';
import { signIn } from './support/session.ts';
import { AGENT_PASSWORD, adminApi, createAgent, deliveredLoan } from './support/staff-api.ts';
import { rowWithCell } from './support/tables.ts';

// "Pago sin PIN" (docs/product.md): the borrower looks the loan up and sends installment 1 without a
// PIN; the customer's agent signs in, opens the loan's 'Pagos' and authorises it from the session: it
// is then in the list, 'Validando'. On a desktop and on a 360×740 touch phone.

/** A click, or a tap on a touch screen. */
const press = (locator: Locator, touch: boolean) => (touch ? locator.tap() : locator.click());

async function journey(page: Page, request: Parameters<typeof adminApi>[0], touch: boolean) {
  const id = unique();
  const phone = `57${id.slice(-8)}`;
  const api = await adminApi(request);
  const username = `sinpin.${id}@prestaya.mx`;
  const agent = await createAgent(api, { lastName: `SinPin${id}`, username, pin: '5793' });
  const { loan, customer } = await deliveredLoan(api, {
    account: { name: `Caja SinPin ${id}`, bankName: 'Efectivo', customerName: 'PrestaYa Oficina' },
    customer: { name: `Rosa${id}`, lastName: 'Luna', phone, curp: curpOf('LURR', id), agentId: agent.id },
  });

  // The borrower: lookup, installment 1, 'Enviar sin PIN' (no agent number, no PIN).
  await page.goto('/consulta');
  await waitForHydration(page);
  await page.getByLabel('Número de préstamo').fill(String(loan.num));
  await page.getByLabel('Teléfono (10 dígitos)').fill(phone);
  await press(page.getByRole('button', { name: 'Buscar' }), touch);
  await press(page.getByRole('checkbox', { name: 'Pago 1 de 12' }), touch);
  await press(page.getByRole('button', { name: 'Registrar Pago por $1,000.00' }), touch);
  const dialog = page.getByRole('dialog', { name: 'Registrar Pago' });
  await press(dialog.getByRole('button', { name: 'Enviar sin PIN' }), touch);
  await expect(
    page.getByText(
      'Pago enviado sin PIN. Tu agente lo autorizará desde su sesión; después queda en validación.',
    ),
  ).toBeVisible();

  // The agent: their customer → Préstamos → Pagos → 'Pagos por autorizar' → Autorizar.
  await signIn(page, username, AGENT_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await page.goto(`/admin/customers/${customer.id}`);
  const loanRow = await rowWithCell(page.getByRole('table', { name: 'Préstamos' }), String(loan.num));
  await press(loanRow.getByRole('button', { name: 'Acciones' }), touch);
  await press(page.getByRole('menuitem', { name: 'Pagos', exact: true }), touch);
  const list = page.getByRole('dialog', { name: 'Lista de Pagos' });
  const waiting = list.getByLabel('Pagos por autorizar');
  await expect(waiting.getByTestId('payment-request')).toContainText('$1,000.00');
  await press(waiting.getByRole('button', { name: 'Autorizar' }), touch);
  await expect(page.getByText('Pago autorizado; queda en validación')).toBeVisible();
  await expect(waiting).toHaveCount(0);
  const rows = list.getByRole('table', { name: 'Pagos del préstamo' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Validando');
}

test.describe('desktop', () => {
  test('a borrower sends a payment without PIN and the agent authorises it from the session', async ({
    page,
    request,
  }) => {
    await journey(page, request, false);
  });
});

test.describe('phone 360×740, touch', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
  test('a borrower sends a payment without PIN and the agent authorises it from the session', async ({
    page,
    request,
  }) => {
    await journey(page, request, true);
  });
});
