import { expect, type Page, test } from '@playwright/test';
import { addDays, businessDate } from '@prestaya/domain';
import { expectNoSeriousAxeFinding } from './support/axe.ts';
import { cardOf, routeStop, waitForShellOnPhone } from './support/collections.ts';
import { curpOf, unique, uniqueEmail } from './support/data.ts';
import { expectNoSideScroll, openFromMenu, PHONE } from './support/phone.ts';
import { signIn, signInAsAdmin, tokenOf } from './support/session.ts';
import { AGENT_PASSWORD, adminApi, apiOf, createAgent, deliveredLoan } from './support/staff-api.ts';
import { openRowAction, rowWithCell } from './support/tables.ts';

// This journey needs the staff app's service worker (the configuration blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Partial payments, 'Abono'. Hand-computed figures: a $10,000 loan has 12 installments of $1,000;
// an abono of $1,500 pays installment 1 and $500 of installment 2, which stays 'Pendiente' with
// $500 remaining. A $1,000 loan 'del pasado' has installments of $100: an abono of $40 taken without
// signal leaves $60 of installment 1 due.

const TODAY = businessDate(new Date(), 'America/Mexico_City');

/** The segmented control's choice (its radio input is hidden behind its label). */
const choice = (page: Page, name: string) =>
  page.locator('label').filter({ hasText: new RegExp(`^${name}$`) });

test.describe('desktop', () => {
  test('staff register an abono of $1,500; confirmed, installment 2 shows paid and remaining', async ({
    page,
  }) => {
    const id = unique();
    await signInAsAdmin(page);
    const api = apiOf(page.request, await tokenOf(page));
    const { account, customer, loan } = await deliveredLoan(api, {
      account: { name: `Caja Abono ${id}`, bankName: 'Banorte', customerName: 'PrestaYa Oficina' },
      customer: {
        name: `Rosa${id}`,
        lastName: 'Abono',
        phone: `57${id.slice(-8)}`,
        curp: curpOf('ABRO', id),
      },
    });

    await page.goto(`/admin/customers/${customer.id}`);
    const loanRow = await rowWithCell(page.getByRole('table', { name: 'Préstamos' }), String(loan.num));
    await openRowAction(page, loanRow, 'Pagar');
    const form = page.getByRole('dialog', { name: 'Registro de Pago' });
    // The specification's tick form is the default.
    await expect(form.getByRole('table', { name: 'Pagos pendientes' })).toBeVisible();
    await choice(page, 'Abono').click();
    await expect(form.getByText(/Debe \$12,000\.00/)).toBeVisible();
    await form.getByRole('textbox', { name: 'Monto del abono' }).fill('1500');
    const preview = form.getByRole('table', { name: 'Lo que paga el abono' }).getByRole('row');
    await expect(preview).toHaveText(['Pago 1 de 12$1,000.00', 'Pago 2 de 12$500.00resta $500.00']);
    await expectNoSeriousAxeFinding(page);
    await form.getByRole('button', { name: 'Registrar Abono por $1,500.00' }).click();
    await expect(page.getByText('Abono registrado correctamente!')).toBeVisible();
    await expect(form).toBeHidden();

    const [payment] = (await api.get(`/api/v1/loans/${loan.id}/payments`)) as { id: string; kind: string }[];
    expect(payment?.kind).toBe('ABONO');
    await api.patch(`/api/v1/payments/${payment?.id}`, { status: 'PAID', targetAccountId: account.id });
    expect(await api.get(`/api/v1/loans/${loan.id}`)).toMatchObject({
      currentBalance: 10_500,
      status: 'ACTIVE',
    });

    await page.reload();
    const row = await rowWithCell(page.getByRole('table', { name: 'Préstamos' }), String(loan.num));
    await openRowAction(page, row, 'Calendario');
    const schedule = page.getByRole('dialog', { name: 'Calendario de Pagos' }).getByRole('table');
    await expect(schedule.getByRole('row').nth(1)).toContainText('Pagado');
    await expect(schedule.getByRole('row').nth(2)).toContainText('Abonado $500.00');
    await expect(schedule.getByRole('row').nth(2)).toContainText('Resta $500.00');
    await expect(schedule.getByRole('row').nth(2)).toContainText('Pendiente');

    // Its receipt shows what it paid of each installment.
    const details = await api.get(`/api/v1/payments/${payment?.id}/details`);
    expect(details.lines).toMatchObject([
      { concept: 'Pago 1 de 12', amount: 1_000 },
      { concept: 'Pago 2 de 12', amount: 500, remainingAfter: 500 },
    ]);
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('an agent takes an abono of $40 without signal by taps; it syncs once', async ({
    page,
    context,
    request,
  }) => {
    test.slow(); // a loan set up through the API and a service worker install
    const admin = await adminApi(request);
    const id = unique();
    const username = uniqueEmail('abono');
    await createAgent(admin, { lastName: `Abono${id.slice(-6)}`, username, pin: '2580' });
    const agentLogin = await request.post('/api/v1/auth/login', {
      data: { username, password: AGENT_PASSWORD },
    });
    expect(agentLogin.status()).toBe(200);
    const agent = apiOf(request, (await agentLogin.json()).access_token as string);
    const route = { id, phonePrefix: '58', curpPrefix: 'AB', street: 'Calle Abasolo' };
    const { loanId } = await routeStop(agent, admin, route, {
      lastName: 'Parcial',
      postalCode: '72010',
      n: 1,
      requestDate: addDays(TODAY, -7),
    });

    await signIn(page, username, AGENT_PASSWORD);
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await openFromMenu(page, 'Cobranza');
    const card = cardOf(page, 'Parcial');
    await expect(card.getByTestId('collection-due-total')).toHaveText('$100.00');
    await waitForShellOnPhone(page);
    await context.setOffline(true);

    await card.getByRole('button', { name: 'Cobrar' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Cobrar' });
    await choice(page, 'Abono').tap();
    const amount = dialog.getByRole('textbox', { name: 'Monto del abono' });
    await amount.tap();
    await amount.fill('40');
    await expectNoSideScroll(page);
    await expectNoSeriousAxeFinding(page);
    await dialog.getByRole('button', { name: 'Cobrar abono $40.00' }).tap();
    const result = page.getByRole('dialog', { name: 'Cobro' });
    await expect(result.getByText('Pendiente de enviar')).toBeVisible();
    await result.getByRole('button', { name: 'Listo' }).tap();
    await expect(card.getByText('Pendiente de enviar')).toBeVisible();
    expect(await agent.get(`/api/v1/loans/${loanId}/payments`)).toEqual([]);

    await context.setOffline(false);
    await expect(card.getByText('Pendiente de enviar')).toHaveCount(0);
    // $60 of installment 1 is still due; the server has the one abono.
    await expect(card.getByTestId('collection-due-total')).toHaveText('$60.00');
    expect(await agent.get(`/api/v1/loans/${loanId}/payments`)).toMatchObject([
      { amount: 40, kind: 'ABONO', paymentMethod: 'CASH', status: 'VALIDATING' },
    ]);
    await page.reload();
    await expect(cardOf(page, 'Parcial').getByTestId('collection-due-total')).toHaveText('$60.00');
    expect(await agent.get(`/api/v1/loans/${loanId}/payments`)).toHaveLength(1);
  });
});
