import { expect, type Page, test } from '@playwright/test';
import { addDays, businessDate, formatPaymentReference } from '@prestaya/domain';
import { curpOf, unique } from './support/data.ts';
import { expectFitsPhone, openFromMenu, PHONE, tapToOpen } from './support/phone.ts';
import { signInAsAdmin, tokenOf } from './support/session.ts';
import { apiOf, type StaffApi } from './support/staff-api.ts';

// 'Conciliación': a bank statement of 30 lines (20 transfers paying loans in validation, with their
// payment references in the concept; 5 deposits nobody registered; 5 unknown cargos) matches the 20,
// confirms them in one action into the account, and lists the rest. Figures: loan i (0..19) lends
// $1,000 + $100·i, so its weekly installment is (amount × 1.2) ÷ 12 = $100 + $10·i; the 20 add up to
// $100·20 + $10·190 = $3,900.00.

const TODAY = businessDate(new Date(), 'America/Mexico_City');
const dmy = (iso: string) => iso.split('-').reverse().join('/');

interface Transfer {
  num: number;
  amount: number;
}

/** A loan 'del pasado' requested yesterday (no money moves, no fines) and a TRANSFER of its first installment. */
async function transferInValidation(api: StaffApi, id: string, i: number): Promise<Transfer> {
  const customer = await api.post('/api/v1/customers', {
    name: 'Conci',
    lastName: `Liada${id}${String.fromCharCode(65 + i)}`,
    phone: `56${id.slice(-6)}${String(i).padStart(2, '0')}`,
    curp: curpOf(`CO${String.fromCharCode(65 + i)}L`, id),
  });
  const loan = await api.post(`/api/v1/customers/${customer.id}/loans`, {
    amount: 1_000 + 100 * i,
    loanFromPast: true,
    requestDate: addDays(TODAY, -1),
  });
  await api.put(`/api/v1/loans/${loan.id}/approve`, {});
  await api.put(`/api/v1/loans/${loan.id}/activate`);
  const pending = await api.get(`/api/v1/loans/${loan.id}/pending-payments`);
  const payment = await api.multipart(`/api/v1/loans/${loan.id}/payments`, {
    paymentRequest: JSON.stringify({
      scheduledPaymentIds: [pending.scheduledPayments[0].id],
      feeIds: [],
      paymentMethod: 'TRANSFER',
    }),
  });
  return { num: loan.num, amount: payment.amount };
}

function statementCsv(transfers: Transfer[], deposits: number, cargos: number): string {
  const rows = ['Fecha,Concepto,Referencia,Importe'];
  transfers.forEach((t, i) => {
    rows.push(
      `${dmy(TODAY)},SPEI RECIBIDO PAGO ${formatPaymentReference(t.num)},TR${i},${t.amount.toFixed(2)}`,
    );
  });
  for (let i = 0; i < deposits; i++)
    rows.push(`${dmy(TODAY)},DEPOSITO EN EFECTIVO SUC ${i},,${(4_321.17 + i).toFixed(2)}`);
  for (let i = 0; i < cargos; i++)
    rows.push(`${dmy(TODAY)},CARGO DESCONOCIDO ${i},,-${(87.5 + i).toFixed(2)}`);
  return rows.join('\n');
}

async function setUp(page: Page, count: number) {
  const id = unique();
  await signInAsAdmin(page);
  const api = apiOf(page.request, await tokenOf(page));
  const account = await api.post('/api/v1/bank-accounts', {
    name: `Cobranza ${id}`,
    bankName: 'BBVA',
    customerName: 'PrestaYa Oficina',
    balance: 0,
  });
  const transfers: Transfer[] = [];
  for (let i = 0; i < count; i++) transfers.push(await transferInValidation(api, id, i));
  return { api, account, transfers };
}

async function chooseAccount(page: Page, name: string, tap: boolean) {
  const select = page.getByRole('combobox', { name: 'Cuenta' });
  if (tap) await select.tap();
  else await select.click();
  const option = page.getByRole('option', { name: new RegExp(`^${name} `) });
  if (tap) await option.tap();
  else await option.click();
}

test('a 30-line statement matches its 20 transfers, confirms them in one action and lists the rest', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { api, account, transfers } = await setUp(page, 20);
  await page.goto('/admin/reconciliation');
  await expect(page.getByRole('heading', { name: 'Conciliación', level: 1 })).toBeVisible();
  await chooseAccount(page, account.name, false);

  // First upload of this account: its columns are asked for, then remembered.
  const columns = page.getByRole('form', { name: 'Columnas del estado de cuenta' });
  await expect(columns.getByRole('textbox', { name: /^Fecha/ })).toHaveValue('A');
  await columns.getByRole('button', { name: 'Guardar columnas' }).click();
  await expect(page.getByText(/^Columnas: Fecha A \(DD\/MM\/YYYY\)/)).toBeVisible();

  const upload = page.getByRole('form', { name: 'Cargar estado de cuenta' });
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'estado-bbva.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(statementCsv(transfers, 5, 5)),
  });
  await upload.getByRole('button', { name: 'Cargar' }).click();
  await expect(page.getByText(/30 movimientos, 30 nuevos, 0 ya cargados/)).toBeVisible();
  const matched = page.getByRole('region', { name: 'Emparejados' });
  await expect(matched.getByRole('heading', { name: 'Emparejados (20)' })).toBeVisible();
  await expect(matched.getByText('Alta', { exact: true })).toHaveCount(20);
  await expect(page.getByRole('heading', { name: 'Abonos sin pago (5)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cargos (5)' })).toBeVisible();

  // Every 'Alta' is selected at first: one action confirms the 20.
  await matched.getByRole('button', { name: 'Confirmar seleccionados (20)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar pagos' });
  await expect(
    dialog.getByText(`Se confirmarán 20 pagos por $3,900.00 en la cuenta ${account.name}.`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Resultado' })
      .getByText(/Se confirmaron 20 pagos por \$3,900\.00/),
  ).toBeVisible();
  await expect(matched.getByRole('heading', { name: 'Emparejados (0)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ya conciliadas (20)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Abonos sin pago (5)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cargos (5)' })).toBeVisible();

  const after = await api.get(`/api/v1/bank-accounts/${account.id}`);
  expect([after.balance, after.realBalance]).toEqual([3_900, 3_900]);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a statement is reconciled with taps at 360 px: cards, no sideways scroll', async ({ page }) => {
    const { account, transfers } = await setUp(page, 2);
    await page.goto('/admin/dashboard');
    await openFromMenu(page, 'Conciliación');
    await expect(page.getByRole('heading', { name: 'Conciliación', level: 1 })).toBeVisible();
    await chooseAccount(page, account.name, true);
    await page.getByRole('button', { name: 'Guardar columnas' }).tap();
    const upload = page.getByRole('form', { name: 'Cargar estado de cuenta' });
    await upload.locator('input[type="file"]').setInputFiles({
      name: 'estado.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(statementCsv(transfers, 1, 1)),
    });
    await upload.getByRole('button', { name: 'Cargar' }).tap();
    const matched = page.getByRole('region', { name: 'Emparejados' });
    await expect(matched.getByRole('heading', { name: 'Emparejados (2)' })).toBeVisible();
    await expectFitsPhone(page, 'Conciliación');

    // Unselect one card with a tap, confirm the other.
    const first = transfers[0];
    if (!first) throw new Error('transfer');
    await matched.getByRole('checkbox', { name: new RegExp(`préstamo #${first.num}$`) }).tap();
    const dialog = page.getByRole('dialog', { name: 'Confirmar pagos' });
    await tapToOpen(matched.getByRole('button', { name: 'Confirmar seleccionados (1)' }), dialog);
    await dialog.getByRole('button', { name: 'Confirmar' }).tap();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Resultado' })
        .getByText(/Se confirmaron 1 pagos/),
    ).toBeVisible();
    await expect(matched.getByRole('heading', { name: 'Emparejados (1)' })).toBeVisible();
    await expectFitsPhone(page, 'Conciliación');
  });
});
