import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customersApi } from '../support/api.ts';
import { createAdmin, createUserAndLogin, expectProblem, request, useTestApp } from '../support/app.ts';
import { businessToday } from '../support/clock.ts';
import { downloadCsv } from '../support/csv.ts';
import { activeLoan } from '../support/worlds.ts';

const context = useTestApp();
const URL = '/api/v1/customers/export.csv';

describe('GET /customers/export.csv', () => {
  it('writes every column of the Clientes list with accents intact, in the list order', async () => {
    const admin = await createAdmin(context, { name: 'Íñigo', lastName: 'Muñoz' });
    const api = customersApi(context);
    const begona = await api.createOk(admin.token, {
      name: 'Begoña',
      lastName: 'Ibáñez',
      secondLastName: null,
      phone: '5511111111',
    });
    const lucia = await api.createOk(admin.token, {
      name: 'Lucía',
      lastName: 'Núñez',
      secondLastName: 'Gómez',
      phone: '5522222222',
    });
    await activeLoan(context, admin, lucia.id, { amount: 10_000 });

    const csv = await downloadCsv(context, admin.token, URL, 'clientes');
    const today = businessToday();
    expect(csv.text).toBe(
      'No.,Nombre,Teléfono,CURP,Agente,Estatus,Saldo,Alta\r\n' +
        `1,Begoña Ibáñez,5511111111,${begona.curp},Íñigo Muñoz,Sin préstamo,0.00,${today}\r\n` +
        `2,Lucía Núñez Gómez,5522222222,${lucia.curp},Íñigo Muñoz,Al corriente,12000.00,${today}\r\n`,
    );
    expect(csv.headers['x-total-count']).toBe('2');
  });

  it('quotes commas, quotes and line breaks, and exports formulas inert', async () => {
    const admin = await createAdmin(context);
    const api = customersApi(context);
    const names = [
      { name: '=HYPERLINK("http://x","y")', lastName: 'Gómez' },
      { name: '+SUM(1,2)', lastName: 'Núñez' },
      { name: '-2+3', lastName: 'Peña' },
      { name: '@cmd', lastName: 'Ávila' },
      { name: 'Pérez, Juan', lastName: 'O"Brien' },
      { name: 'Ana', lastName: 'Línea Dos' },
    ];
    for (const name of names) await api.createOk(admin.token, { ...name, secondLastName: null });
    // The API refuses line breaks (contracts text.ts), but a row written by other means may hold one.
    await context.database.db.execute(
      sql`update customers set last_name = ${'Línea\nDos'} where last_name = 'Línea Dos'`,
    );

    const csv = await downloadCsv(context, admin.token, URL, 'clientes');
    // As a spreadsheet reads the file: every cell whole, the formulas behind an apostrophe.
    expect(csv.rows.slice(1).map((row) => row[1])).toEqual([
      '\'=HYPERLINK("http://x","y") Gómez',
      "'+SUM(1,2) Núñez",
      "'-2+3 Peña",
      "'@cmd Ávila",
      'Pérez, Juan O"Brien',
      'Ana Línea\nDos',
    ]);
    // And byte for byte: RFC 4180 quoting by csv-stringify (name and phone; the other columns follow).
    const namesAndPhones = csv.text
      .split('\r\n')
      .slice(1, 7)
      .map((line) => line.slice(0, line.indexOf(',5512345678,') + ',5512345678'.length));
    expect(namesAndPhones).toEqual([
      '1,"\'=HYPERLINK(""http://x"",""y"") Gómez",5512345678',
      '2,"\'+SUM(1,2) Núñez",5512345678',
      "3,'-2+3 Peña,5512345678",
      "4,'@cmd Ávila,5512345678",
      '5,"Pérez, Juan O""Brien",5512345678',
      '6,"Ana Línea\nDos",5512345678',
    ]);
  });

  it('honours the list search, filter and order; bad values are a 400 before any CSV', async () => {
    const admin = await createAdmin(context);
    const api = customersApi(context);
    await api.createOk(admin.token, { name: 'Lucía', lastName: 'Núñez', phone: '5511111111' });
    await api.createOk(admin.token, { name: 'Luciano', lastName: 'Álvarez', phone: '5522222222' });
    await api.createOk(admin.token, { name: 'Marta', lastName: 'Ruiz', phone: '5533333333' });
    const names = async (query: string) =>
      (await downloadCsv(context, admin.token, `${URL}${query}`, 'clientes')).rows
        .slice(1)
        .map((row) => row[1]);

    expect(await names('')).toHaveLength(3);
    // Accent- and case-insensitive, as the list: 'lucia' finds Lucía and Luciano.
    expect(await names('?query=lucia')).toEqual(['Lucía Núñez Núñez', 'Luciano Álvarez Núñez']);
    expect(await names('?query=5533333333')).toEqual(['Marta Ruiz Núñez']);
    expect(await names('?query=lucia&orderBy=name&order=desc')).toEqual([
      'Luciano Álvarez Núñez',
      'Lucía Núñez Núñez',
    ]);
    expect(await names('?q=PENDING&query=marta')).toEqual(['Marta Ruiz Núñez']);
    // The paged list and the export select the same customers.
    const list = await api.list(admin.token, '?query=lucia&orderBy=name&order=desc');
    expect(list.json().data.map((c: { num: number }) => String(c.num))).toEqual(
      (await downloadCsv(context, admin.token, `${URL}?query=lucia&orderBy=name&order=desc`, 'clientes')).rows
        .slice(1)
        .map((row) => row[0]),
    );

    const get = (query: string) =>
      request(context.app, { method: 'GET', url: `${URL}${query}`, token: admin.token });
    expectProblem(await get('?q=ACTIVE'), 400, 'q: Estatus inválido');
    expectProblem(await get('?orderBy=curp'), 400, /orderBy/);
    expectProblem(await get('?order=sideways'), 400, /order/);
  });

  it('gives an agent only their customers, like the list', async () => {
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const other = await createUserAndLogin(context);
    const api = customersApi(context);
    await api.createOk(agent.token, { name: 'Propio' });
    await api.createOk(other.token, { name: 'Ajeno' });
    await api.createOk(admin.token, { name: 'Asignado', agentId: agent.id });

    const mine = await downloadCsv(context, agent.token, URL, 'clientes');
    expect(mine.rows.slice(1).map((row) => row[1])).toEqual(['Propio Gómez Núñez', 'Asignado Gómez Núñez']);
    expect(mine.headers['x-total-count']).toBe('2');
    const all = await downloadCsv(context, admin.token, URL, 'clientes');
    expect(all.rows).toHaveLength(4);
    expectProblem(await request(context.app, { method: 'GET', url: URL }), 401);
  });
});
