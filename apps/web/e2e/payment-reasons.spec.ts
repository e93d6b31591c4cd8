import { expect, type Page, test } from '@playwright/test';
import { curpOf, unique } from './support/data.ts';
import { signIn, signInAsAdmin, tokenOf } from './support/session.ts';
import { AGENT_PASSWORD, adminApi, createAgent, deliveredLoan, staffApiAs } from './support/staff-api.ts';
import { cellTexts, openRowAction, rowWithCell } from './support/tables.ts';

// An administrator rejects an agent's payment saying why; the agent, who cannot decide payments, opens
// it from the loan's 'Lista de Pagos', reads the reason on its details and on its printed receipt.

const REASON = 'El efectivo no se entregó en caja';

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

test('a payment rejected with a reason: the agent reads it on the details and the receipt', async ({
  page,
  request,
}) => {
  const id = unique();
  const username = `agente.motivo.${id}@prestaya.mx`;

  // Set-up through the API: an agent, their customer's delivered $10,000 loan, and a cash payment of
  // installment 1 registered by that agent.
  const admin = await adminApi(request);
  const agent = await createAgent(admin, { lastName: `Motivo${id}`, username, pin: '2468' });
  const { customer, loan } = await deliveredLoan(admin, {
    account: { name: `Caja ${id}`, bankName: 'Efectivo', customerName: 'PrestaYa' },
    customer: {
      name: `Rita Rechazo${id}`,
      lastName: 'Soto',
      phone: `55${id.slice(-8)}`,
      curp: curpOf('SORR', id),
      agentId: agent.id,
    },
  });
  const schedule: { id: string }[] = await admin.get(`/api/v1/loans/${loan.id}/scheduled-payments`);
  const agentApi = await staffApiAs(request, { username, password: AGENT_PASSWORD });
  const payment = await agentApi.multipart(`/api/v1/loans/${loan.id}/payments`, {
    paymentRequest: JSON.stringify({ scheduledPaymentIds: [schedule[0]?.id], paymentMethod: 'CASH' }),
  });

  // The administrator rejects it: the reason is required, then kept and shown.
  await signInAsAdmin(page);
  await page.goto(`/admin/payments/${payment.id}`);
  await page.getByRole('button', { name: 'Rechazar Pago' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pago Rechazado' });
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog.getByText('El motivo es requerido')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Motivo/ }).fill(REASON);
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Pago rechazado', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('payment-status')).toHaveText('Rechazado');
  await expect(page.getByTestId('payment-rejection-reason')).toHaveText(REASON);
  const history = page.getByRole('region', { name: 'Historial' });
  await expect(
    history
      .getByRole('table', { name: 'Cambios: Rechazado' })
      .getByRole('row', { name: `Motivo — ${REASON}` }),
  ).toBeVisible();
  await signOut(page);

  // The agent: their customer → Préstamos → Pagos → Ver, read-only.
  await signIn(page, username, AGENT_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await page.goto(`/admin/customers/${customer.id}`);
  const loanRow = await rowWithCell(page.getByRole('table', { name: 'Préstamos' }), String(loan.num));
  await openRowAction(page, loanRow, 'Pagos');
  const list = page.getByRole('dialog', { name: 'Lista de Pagos' });
  const listed = list.getByRole('table', { name: 'Pagos del préstamo' }).locator('tbody tr');
  await expect(listed).toHaveCount(1);
  expect((await cellTexts(listed.first())).slice(1, 5)).toEqual([
    '$1,000.00',
    'Efectivo',
    'Rechazado',
    'Ver',
  ]);
  await listed.first().getByRole('link', { name: 'Ver' }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/payments/${payment.id}$`));
  await expect(page.getByRole('heading', { name: 'Detalle del Pago', level: 1 })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Rechazado');
  await expect(page.getByTestId('payment-rejection-reason')).toHaveText(REASON);
  await expect(page.getByRole('button', { name: 'Confirmar Pago' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Rechazar Pago' })).toBeHidden();

  // The receipt opens in a new tab and says why the payment was rejected.
  const [receipt] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Imprimir recibo' }).click(),
  ]);
  await expect(receipt.getByRole('heading', { name: 'Recibo de pago', level: 1 })).toBeVisible();
  await expect(receipt.getByTestId('receipt-status')).toHaveText('Rechazado');
  await expect(receipt.getByTestId('receipt-rejection-reason')).toHaveText(`Motivo del rechazo: ${REASON}`);
  await receipt.close();

  // Deciding stays with administrators: the API refuses the agent.
  const patch = await request.patch(`/api/v1/payments/${payment.id}`, {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data: { status: 'REJECTED', reason: 'Otro motivo' },
  });
  expect(patch.status()).toBe(403);
});
