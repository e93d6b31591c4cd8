import type { AmlList, AmlMatch } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { importAmlList } from '../support/aml-lists.ts';
import { customersApi, loansApi, paymentsApi } from '../support/api.ts';
import { expectProblem, request, type TestUser, useTestApp } from '../support/app.ts';
import { formOf, jsonPart, multipart, uniqueCurp } from '../support/builders.ts';
import { lookupProofHeader, publicApi } from '../support/public-api.ts';
import {
  activeLoan,
  confirm,
  openAccount,
  registerOldest,
  secondCustomer,
  useLoanWorld,
} from '../support/worlds.ts';

/**
 * 'PLD' (docs/compliance.md): a blocked-persons list import, all or nothing with its errors by row
 * and column; the screening by CURP and by folded name of every customer after an import and of one
 * customer on create and edit; the stop on approving, delivering and paying until an administrator
 * resolves the match (office, agent, public page and 'Pago sin PIN'); administrators only. On
 * PGlite and PostgreSQL.
 */
const context = useTestApp();
const world = useLoanWorld(context);
const loans = loansApi(context);
const payments = paymentsApi(context);
const customers = customersApi(context);

const STOPPED = 'Operación detenida: el cliente requiere una revisión del administrador';
const PUBLIC_REFUSED =
  'No es posible registrar este pago en línea; comuníquese con la oficina de su préstamo';
const HEADER = 'Nombre,CURP,RFC,Lista,Fecha';

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  request(context.app, { method, url: `/api/v1/aml${url}`, token, ...(payload ? { payload } : {}) });

function importList(token: string, csv: string | Buffer, name = 'Lista UIF noviembre') {
  return importAmlList(context, token, name, csv);
}

async function importOk(admin: TestUser, csv: string): Promise<AmlList> {
  const response = await importList(admin.token, csv);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const openMatches = async (admin: TestUser): Promise<AmlMatch[]> =>
  (await call(admin.token, 'GET', '/matches')).json().data;

const resolve = (admin: TestUser, id: string, reason = 'Homónimo: fecha de nacimiento distinta') =>
  call(admin.token, 'PUT', `/matches/${id}/resolve`, { reason });

describe('PLD: administrators only', () => {
  it('refuses agents on every route', async () => {
    const agent = world.agent.token;
    expectProblem(await call(agent, 'GET', '/matches'), 403, 'No tiene permisos para esta operación');
    expectProblem(await call(agent, 'GET', '/lists'), 403);
    expectProblem(await importList(agent, `${HEADER}\nJuan Pérez,,,OFAC,`), 403);
    expectProblem(await call(agent, 'GET', '/relevant-operations?year=2026&quarter=1'), 403);
    expectProblem(await call(agent, 'GET', '/settings'), 403);
    expectProblem(await call(agent, 'GET', '/cases'), 403);
    expectProblem(
      await call(agent, 'POST', '/cases', { customerNum: 1, description: 'Depósitos raros' }),
      403,
    );
  });
});

describe('PLD: list import', () => {
  it('reports every bad row by row and column and imports nothing', async () => {
    const csv = [
      HEADER,
      'Juan Pérez,,,OFAC,2026-01-15',
      'Ana Ruiz,ABC,,OFAC,',
      ',,XAXX01010100,UIF,31/02/2026',
    ].join('\r\n');
    const response = await importList(world.admin.token, csv);
    expectProblem(response, 400, /^2 filas tienen errores; no se importó nada\. fila 3, curp: /);
    expect(response.json().errors).toEqual([
      { field: 'fila 3, curp', message: 'La CURP: debe tener 18 letras y números' },
      { field: 'fila 4, nombre', message: 'El nombre es requerido' },
      { field: 'fila 4, rfc', message: 'El RFC: no tiene el formato de un RFC' },
      { field: 'fila 4, fecha', message: expect.any(String) },
    ]);
    expect((await call(world.admin.token, 'GET', '/lists')).json().data).toEqual([]);
    const persons = rowsOf<{ n: number }>(
      await context.database.db.execute(sql`select count(*)::int as n from aml_blocked_persons`),
    );
    expect(persons[0]?.n).toBe(0);
  });

  it('names missing columns and refuses a file that is not UTF-8', async () => {
    expectProblem(
      await importList(world.admin.token, 'nombre,curp\nJuan,'),
      400,
      'file: Faltan las columnas rfc, lista, fecha; el archivo debe tener nombre, curp, rfc, lista y fecha',
    );
    expectProblem(
      await importList(world.admin.token, Buffer.from([0x6e, 0x6f, 0xf1, 0x0a])),
      400,
      'file: El archivo debe ser texto CSV en UTF-8',
    );
  });

  it('flags customers by CURP and by name with accents; they cannot be approved or paid until resolved', async () => {
    const { admin, agent } = world;
    const account = await openAccount(context, admin, 100_000);
    // Pedro has a delivered loan and a payment in validation before the list arrives.
    const pedro = await secondCustomer(context, agent, { curp: uniqueCurp() });
    const { loan: pedroLoan } = await activeLoan(context, admin, pedro.id, { accountId: account.id });
    const validating = await registerOldest(context, agent, pedroLoan.id, 1);
    // …and a 'Pago sin PIN' of installment 2 waiting for the agent.
    const pending = await payments.pendingOk(admin.token, pedroLoan.id);
    const second = [
      jsonPart({
        scheduledPaymentIds: [pending.scheduledPayments[0]?.id ?? ''],
        feeIds: [],
        paymentMethod: 'CASH',
      }),
    ];
    const askPayment = () => {
      const body = multipart(second);
      return context.app.inject({
        method: 'POST',
        url: `/public/api/v1/loans/${pedroLoan.id}/payment-requests`,
        payload: body.payload,
        headers: { ...body.headers, ...lookupProofHeader(context.app, pedroLoan.id) },
      });
    };
    const waiting = await askPayment();
    expect(waiting.statusCode, waiting.body).toBe(201);
    // Lucía Núñez Gómez (the world's customer) has a loan waiting for approval.
    const luciaLoan = await loans.createOk(admin.token, world.customer.id, { amount: 5_000 });

    // A semicolon-separated file with a BOM, as Excel in Spanish saves it.
    const csv = `\uFEFFnombre;curp;rfc;lista;fecha de publicación\r\nNUÑEZ GOMEZ, LUCIA;;;UIF;15/11/2026\r\nOtro Nombre;${pedro.curp};;OFAC;\r\nNadie Conocido;;;OFAC;\r\n`;
    const list = await importOk(admin, csv);
    expect(list).toMatchObject({
      name: 'Lista UIF noviembre',
      fileName: 'bloqueados.csv',
      rows: 3,
      matchesFound: 2,
    });

    const matches = await openMatches(admin);
    expect(matches.map((m) => [m.customer.id, m.kind, m.status]).sort()).toEqual(
      [
        [pedro.id, 'CURP', 'OPEN'],
        [world.customer.id, 'NAME', 'OPEN'],
      ].sort(),
    );
    const byName = matches.find((m) => m.kind === 'NAME');
    expect(byName?.blockedPerson).toMatchObject({
      name: 'NUÑEZ GOMEZ, LUCIA',
      list: 'UIF',
      listedOn: '2026-11-15',
    });
    expect(byName?.matchedValue).toBe('gomez lucia nunez');
    const found = new Date(byName?.foundOn ?? '');
    expect(new Date(byName?.reportDueOn ?? '').getTime() - found.getTime()).toBe(24 * 3_600_000);
    expect(byName?.overdue).toBe(false);

    // Stopped: approving, confirming, registering (staff and agent), the public side.
    expectProblem(
      await loans.approve(admin.token, luciaLoan.id, { bankAccountId: account.id }),
      409,
      STOPPED,
    );
    expectProblem(
      await payments.decide(admin.token, validating.id, { status: 'PAID', targetAccountId: account.id }),
      409,
      STOPPED,
    );
    expectProblem(await payments.register(agent.token, pedroLoan.id, second), 409, STOPPED);
    const publicRefusal = await publicApi(context.app).pay(pedroLoan.id, second, [agent.num, agent.pin]);
    expectProblem(
      publicRefusal,
      409,
      'No es posible registrar este pago en línea; comuníquese con la oficina de su préstamo',
    );
    expect(publicRefusal.body).not.toMatch(/lista|PLD|bloquead/i);
    // 'Pago sin PIN': a new one is refused; the agent cannot authorise the one already waiting.
    expectProblem(await askPayment(), 409, PUBLIC_REFUSED);
    expectProblem(
      await request(context.app, {
        method: 'POST',
        url: `/api/v1/payment-requests/${waiting.json().data.id}/authorise`,
        token: agent.token,
      }),
      409,
      STOPPED,
    );

    // A reason is required; resolved, everything goes through.
    const pedroMatch = matches.find((m) => m.kind === 'CURP');
    expectProblem(await resolve(admin, pedroMatch?.id ?? '', ''), 400, /^reason: /);
    expectProblem(
      await call(agent.token, 'PUT', `/matches/${pedroMatch?.id}/resolve`, { reason: 'Sin relación' }),
      403,
    );
    const resolved = await resolve(admin, pedroMatch?.id ?? '');
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({
      status: 'RESOLVED',
      resolution: 'Homónimo: fecha de nacimiento distinta',
      resolvedBy: { name: expect.any(String), lastName: expect.any(String) },
    });
    expectProblem(await resolve(admin, pedroMatch?.id ?? ''), 409, 'La coincidencia ya fue resuelta');
    await confirm(context, admin, validating.id, account.id);
    const next = await payments.register(agent.token, pedroLoan.id, second);
    expect(next.statusCode, next.body).toBe(201);
    // Lucía is still stopped until her own match is resolved.
    expectProblem(
      await loans.approve(admin.token, luciaLoan.id, { bankAccountId: account.id }),
      409,
      STOPPED,
    );
    expect((await resolve(admin, byName?.id ?? '')).statusCode).toBe(200);
    await loans.approveOk(admin.token, luciaLoan.id, account.id);
    expect((await loans.activate(admin.token, luciaLoan.id)).statusCode).toBe(200);

    // The same list again raises nothing already resolved.
    expect((await importOk(admin, csv)).matchesFound).toBe(0);
    expect(await openMatches(admin)).toEqual([]);
    const audit = rowsOf<{ action: string; n: number }>(
      await context.database.db.execute(
        sql`select action, count(*)::int as n from audit_log where entity = 'aml_match' group by action order by action`,
      ),
    );
    expect(audit).toEqual([
      { action: 'created', n: 2 },
      { action: 'updated', n: 2 },
    ]);
  });

  it('screens a customer when created and when edited', async () => {
    const { admin, agent } = world;
    await importOk(admin, `${HEADER}\nJosé Ángel Martínez,,,UIF,\nCarla Soto,,,UIF,`);
    expect(await openMatches(admin)).toEqual([]);
    const jose = await customers.createOk(agent.token, {
      name: 'Jose angel',
      lastName: 'MARTINEZ',
      secondLastName: null,
      phone: '5511112222',
    });
    const carla = await customers.createOk(agent.token, {
      name: 'Carla',
      lastName: 'Sotelo',
      phone: '5533334444',
    });
    expect((await openMatches(admin)).map((m) => m.customer.id)).toEqual([jose.id]);
    const edited = await customers.update(agent.token, carla.id, {
      ...formOf(carla),
      lastName: 'Soto',
      secondLastName: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await openMatches(admin)).map((m) => m.customer.id).sort()).toEqual([jose.id, carla.id].sort());
  });
});
