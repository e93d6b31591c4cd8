import { describe, expect, it } from 'vitest';
import { bankAccountsApi, customersApi, loansApi, paymentsApi } from '../support/api.ts';
import {
  createAdmin,
  createUserAndLogin,
  expectProblem,
  request,
  type TestUser,
  useTestApp,
} from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { businessToday } from '../support/clock.ts';
import { downloadCsv, recordsOf } from '../support/csv.ts';
import { loanWorld, openAccount } from '../support/worlds.ts';

const context = useTestApp();

/** An instant as 'YYYY-MM-DD HH:mm' in Mexico City, computed independently of csv/cells.ts. */
const mexicoCityMinute = (iso: string) =>
  new Date(iso).toLocaleString('sv-SE', { timeZone: 'America/Mexico_City', hour12: false }).slice(0, 16);

/**
 * A small lender: an account opened with $20,000.00; Lucía's loan of $1,234.50 approved and delivered
 * from it; a cash payment of its first installment, waiting for validation; a pending request of
 * =Fórmula's loan.
 */
async function lender() {
  const world = await loanWorld(context);
  const account = await openAccount(context, world.admin, 20_000, 'Caja Ñuñoa');
  const loans = loansApi(context);
  const created = await loans.createOk(world.admin.token, world.customer.id, { amount: 1234.5 });
  await loans.approveOk(world.admin.token, created.id, account.id);
  const loan = await loans.activateOk(world.admin.token, created.id);
  const [first] = await loans.scheduleOk(world.admin.token, loan.id);
  const payment = await paymentsApi(context).registerOk(world.agent.token, loan.id, [
    jsonPart({ scheduledPaymentIds: [first?.id ?? ''], paymentMethod: 'CASH' }),
  ]);
  const formula = await customersApi(context).createOk(world.admin.token, {
    name: '=Fórmula',
    lastName: 'Ruiz',
    secondLastName: null,
  });
  const request2 = await loans.createOk(world.admin.token, formula.id, { amount: 500 });
  return { ...world, account, loan, payment, request: request2, installment: first };
}

describe('CSV exports of the admin lists', () => {
  it('loans: the Lista Global columns, amounts in plain pesos, Spanish statuses, filters honoured', async () => {
    const { admin, loan, request: pending } = await lender();
    const url = '/api/v1/loans/export.csv';
    const csv = await downloadCsv(context, admin.token, url, 'prestamos');
    expect(csv.rows).toEqual([
      ['No.', 'Cliente', 'Monto', 'Estatus', 'Fecha', 'Reestructurado'],
      [String(pending.num), "'=Fórmula Ruiz", '500.00', 'En espera', businessToday(), ''],
      [String(loan.num), 'Lucía Núñez', '1234.50', 'Al corriente', businessToday(), ''],
    ]);
    const only = async (query: string) =>
      recordsOf(await downloadCsv(context, admin.token, `${url}${query}`, 'prestamos')).map((r) => r['No.']);
    expect(await only('?q=PENDING')).toEqual([String(pending.num)]);
    expect(await only('?query=nunez')).toEqual([String(loan.num)]);
    expect(await only(`?query=${pending.num}`)).toEqual([String(pending.num)]);
    expect(await only('?orderBy=amount&order=asc')).toEqual([String(pending.num), String(loan.num)]);
    expectProblem(
      await request(context.app, { method: 'GET', url: `${url}?q=LOST`, token: admin.token }),
      400,
    );
  });

  it('payments: the Pagos Recibidos columns plus the registration time, filters honoured', async () => {
    const { admin, loan, payment, installment } = await lender();
    const url = '/api/v1/payments/export.csv';
    const csv = await downloadCsv(context, admin.token, url, 'pagos');
    expect(csv.rows).toEqual([
      ['Préstamo', 'Cliente', 'Monto', 'Método', 'Cuenta', 'Estatus', 'Fecha', 'Concepto'],
      [
        String(loan.num),
        'Lucía Núñez',
        (installment?.amount ?? 0).toFixed(2),
        'Efectivo',
        '',
        'Validando',
        mexicoCityMinute(payment.createdOn),
        '',
      ],
    ]);
    expect(recordsOf(await downloadCsv(context, admin.token, `${url}?q=PAID`, 'pagos'))).toEqual([]);
    expect(recordsOf(await downloadCsv(context, admin.token, `${url}?query=ruiz`, 'pagos'))).toEqual([]);
    expect(recordsOf(await downloadCsv(context, admin.token, `${url}?query=lucia`, 'pagos'))).toHaveLength(1);
  });

  it('users: the Usuarios columns, never a hash, filters honoured', async () => {
    const admin = await createAdmin(context, {
      name: 'Ana',
      lastName: 'Admin',
      username: 'ana@prestaya.mx',
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
    });
    await createUserAndLogin(context, {
      name: 'Íñigo',
      lastName: 'Baja',
      username: 'inigo@prestaya.mx',
      status: 'CANCELLED',
    });
    const url = '/api/v1/users/export.csv';
    const csv = await downloadCsv(context, admin.token, url, 'usuarios');
    expect(csv.rows).toEqual([
      ['No. Usuario', 'Nombre', 'Apellidos', 'Usuario', 'Tipo de usuario', 'Estatus'],
      [String(admin.num), 'Ana', 'Admin', 'ana@prestaya.mx', 'Administrador, Agente', 'Activo'],
      [String(admin.num + 1), 'Íñigo', 'Baja', 'inigo@prestaya.mx', 'Agente', 'Cancelado'],
    ]);
    expect(csv.text).not.toMatch(/argon2/);
    const cancelled = await downloadCsv(context, admin.token, `${url}?q=CANCELLED`, 'usuarios');
    expect(recordsOf(cancelled).map((r) => r.Usuario)).toEqual(['inigo@prestaya.mx']);
    const search = await downloadCsv(context, admin.token, `${url}?query=inigo`, 'usuarios');
    expect(recordsOf(search).map((r) => r.Nombre)).toEqual(['Íñigo']);
  });

  it('bank accounts and an account ledger: balances and movements in plain pesos, newest first', async () => {
    const { admin, account, loan } = await lender();
    await openAccount(context, admin, 0, 'Banco Norte');
    const accounts = await downloadCsv(context, admin.token, '/api/v1/bank-accounts/export.csv', 'cuentas');
    expect(accounts.rows).toEqual([
      ['Nombre', 'Banco', 'Saldo', 'Saldo Real'],
      ['Banco Norte', 'Banamex', '0.00', '0.00'],
      ['Caja Ñuñoa', 'Banamex', '18765.50', '18765.50'],
    ]);
    const searched = await downloadCsv(
      context,
      admin.token,
      '/api/v1/bank-accounts/export.csv?query=nunoa',
      'cuentas',
    );
    expect(recordsOf(searched).map((r) => r.Nombre)).toEqual(['Caja Ñuñoa']);

    const ledgerUrl = `/api/v1/bank-accounts/${account.id}/transactions/export.csv`;
    const ledger = await downloadCsv(context, admin.token, ledgerUrl, 'movimientos');
    const page = await bankAccountsApi(context.app).transactionsOk(admin.token, account.id);
    expect(ledger.rows[0]).toEqual([
      'Fecha',
      'Saldo anterior',
      'Real anterior',
      'Monto',
      'Tipo',
      'Concepto',
      'Saldo posterior',
      'Real posterior',
    ]);
    expect(ledger.rows.slice(1).map((row) => [row[3], row[4], row[6], row[7]])).toEqual([
      ['1234.50', 'Entrega', '18765.50', '18765.50'],
      ['1234.50', 'Reserva', '18765.50', '20000.00'],
      ['20000.00', 'Depósito', '20000.00', '20000.00'],
    ]);
    expect(ledger.rows.slice(1).map((row) => row[0])).toEqual(
      page.data.map((t) => mexicoCityMinute(t.createdOn)),
    );
    expect(ledger.rows.slice(1).map((row) => row[5])).toEqual(page.data.map((t) => t.reason ?? ''));
    expect(ledger.rows[1]?.[5]).toContain(String(loan.num));
    const oldestFirst = await downloadCsv(
      context,
      admin.token,
      `${ledgerUrl}?orderBy=createdOn&order=asc`,
      'movimientos',
    );
    expect(oldestFirst.rows.slice(1).map((row) => row[4])).toEqual(['Depósito', 'Reserva', 'Entrega']);

    const unknown = '/api/v1/bank-accounts/01900000-0000-7000-8000-000000000000/transactions/export.csv';
    expectProblem(
      await request(context.app, { method: 'GET', url: unknown, token: admin.token }),
      404,
      'Cuenta bancaria no encontrada',
    );
  });

  it('audit: the same filters as the trail, the system named, snapshots as JSON', async () => {
    const { admin, loan } = await lender();
    const url = '/api/v1/audit/export.csv';
    const csv = await downloadCsv(
      context,
      admin.token,
      `${url}?entity=loan&entityId=${loan.id}`,
      'auditoria',
    );
    expect(csv.rows[0]).toEqual(['Fecha', 'Usuario', 'Entidad', 'Id', 'Acción', 'Antes', 'Después']);
    const rows = recordsOf(csv);
    expect(rows.map((r) => r.Acción)).toEqual(['Entregado', 'Aprobado', 'Creado']);
    expect(new Set(rows.map((r) => r.Entidad))).toEqual(new Set(['Préstamo']));
    expect(new Set(rows.map((r) => r.Id))).toEqual(new Set([loan.id]));
    const created = rows.at(-1);
    expect(created?.Usuario).toMatch(/^Usuario Prueba \d+ \(usuario\d+@prestaya\.mx\)$/);
    expect(created?.Antes).toBe('');
    expect(JSON.parse(created?.Después ?? '')).toMatchObject({ amount: 1234.5, status: 'PENDING' });
    expect(created?.Fecha?.slice(0, 10)).toBe(businessToday());

    const system = await downloadCsv(context, admin.token, `${url}?entity=user`, 'auditoria');
    expect(new Set(recordsOf(system).map((r) => r.Usuario))).toEqual(new Set(['Sistema']));
    const page = await request(context.app, {
      method: 'GET',
      url: '/api/v1/audit?size=100',
      token: admin.token,
    });
    expect(recordsOf(await downloadCsv(context, admin.token, url, 'auditoria'))).toHaveLength(
      page.json().totalDocuments,
    );
    expectProblem(
      await request(context.app, {
        method: 'GET',
        url: `${url}?from=2021-01-02&to=2021-01-01`,
        token: admin.token,
      }),
      400,
    );
  });

  it('every admin export is 403 for an agent, before any CSV', async () => {
    const admin: TestUser = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const account = await openAccount(context, admin, 0);
    const urls = [
      '/api/v1/loans/export.csv',
      '/api/v1/payments/export.csv',
      '/api/v1/users/export.csv',
      '/api/v1/bank-accounts/export.csv',
      `/api/v1/bank-accounts/${account.id}/transactions/export.csv`,
      '/api/v1/audit/export.csv',
    ];
    for (const url of urls) {
      const response = await request(context.app, { method: 'GET', url, token: agent.token });
      expectProblem(response, 403, 'No tiene permisos para esta operación');
      expectProblem(await request(context.app, { method: 'GET', url }), 401);
    }
  });
});
