import { expect, type Page, test } from '@playwright/test';
import { curpOf, unique } from './support/data.ts';
import { waitForHydration } from './support/public-page.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { adminApi, apiOf, createAgent, deliveredLoan, type StaffApi } from './support/staff-api.ts';
import { openRowAction, rowWithCell } from './support/tables.ts';

// A quick double click on 'Registrar Pago' records one payment and reads as one success, on the staff
// form and on the borrower's dialog; the API answers a repeated Idempotency-Key with the same payment.

/** The loan's payments, as staff see them ('Lista de Pagos'). */
const paymentsOf = (api: StaffApi, loanId: string): Promise<{ id: string }[]> =>
  api.get(`/api/v1/loans/${loanId}/payments`);

function borrower(id: string, prefix: string, extra: object = {}) {
  return {
    name: `Doble${id}`,
    lastName: 'Clic',
    secondLastName: 'Pago',
    phone: `57${id.slice(-8)}`,
    curp: curpOf(prefix, id),
    ...extra,
  };
}

/** Counts the payment POSTs the page sends. */
function countPosts(page: Page, path: RegExp) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && path.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

test('staff: a double click on Registrar Pago records one payment and says so once', async ({ page }) => {
  const id = unique();
  await signInAsAdmin(page);
  const token = await tokenOf(page);
  const api = apiOf(page.request, token);
  const { customer, loan } = await deliveredLoan(api, {
    account: { name: `Caja Doble ${id}`, bankName: 'Efectivo', customerName: 'PrestaYa Oficina' },
    customer: borrower(id, 'CLDP'),
  });
  const posts = countPosts(page, /^\/api\/v1\/loans\/[^/]+\/payments$/);

  await page.goto(`/admin/customers/${customer.id}`);
  const row = await rowWithCell(page.getByRole('table', { name: 'Préstamos' }), String(loan.num));
  await openRowAction(page, row, 'Pagar');
  const form = page.getByRole('dialog', { name: 'Registro de Pago' });
  await form.getByRole('checkbox', { name: 'Pago 1 de 12' }).check();
  await form.getByRole('button', { name: 'Registrar Pago por $1,000.00' }).dblclick();

  await expect(page.getByText('Pago registrado correctamente!')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByText('No se pudo registrar el pago')).toHaveCount(0);
  expect(posts).toHaveLength(1);
  expect(await paymentsOf(api, loan.id)).toHaveLength(1);

  // Through the API: the same Idempotency-Key twice is the same payment, 201 both times.
  const pending = await api.get(`/api/v1/loans/${loan.id}/pending-payments`);
  const send = () =>
    page.request.post(`/api/v1/loans/${loan.id}/payments`, {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-${id}` },
      multipart: {
        paymentRequest: JSON.stringify({
          scheduledPaymentIds: [pending.scheduledPayments[0].id],
          paymentMethod: 'CASH',
        }),
      },
    });
  const first = await send();
  const again = await send();
  expect(first.status(), await first.text()).toBe(201);
  expect(again.status(), await again.text()).toBe(201);
  expect((await again.json()).data.id).toBe((await first.json()).data.id);
  expect(await paymentsOf(api, loan.id)).toHaveLength(2);
});

test('public: a double click on Registrar Pago records one payment and confirms once', async ({
  page,
  request,
}) => {
  const id = unique();
  const pin = '2468';
  const api = await adminApi(request);
  const agent = await createAgent(api, { lastName: `Doble${id}`, username: `doble.${id}@prestaya.mx`, pin });
  const customer = borrower(id, 'CLDQ', { agentId: agent.id });
  const { loan } = await deliveredLoan(api, {
    account: { name: `Caja Doble Pública ${id}`, bankName: 'Efectivo', customerName: 'PrestaYa Oficina' },
    customer,
  });
  const posts = countPosts(page, /^\/public\/api\/v1\/loans\/[^/]+\/payments$/);

  await page.goto('/consulta');
  await waitForHydration(page);
  await page.getByLabel('Número de préstamo').fill(String(loan.num));
  await page.getByLabel('Teléfono (10 dígitos)').fill(customer.phone);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('checkbox', { name: 'Pago 1 de 12' }).check();
  await page.getByRole('button', { name: 'Registrar Pago por $1,000.00' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Pago' });
  await dialog.getByLabel('Número de usuario del agente').fill(String(agent.num));
  await dialog.getByLabel(/^PIN/).fill(pin);
  // Both clicks in one task, before React re-renders the button as loading: a double click on a busy phone.
  await dialog.getByRole('button', { name: 'Registrar Pago' }).evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });

  await expect(page.getByText('Pago registrado. Tu agente lo validará pronto.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No se pudo registrar el pago')).toHaveCount(0);
  expect(posts).toHaveLength(1);
  expect(await paymentsOf(api, loan.id)).toHaveLength(1);
});
