import { describe, expect, it } from 'vitest';
import { customersApi } from '../customers/support.ts';
import { createAdmin, createUserAndLogin, expectProblem, request, useTestApp } from '../helpers.ts';
import { downloadCsv, recordsOf } from './support.ts';

const context = useTestApp();
const URL = '/api/v1/customers/export.csv';

describe('GET /customers/export.csv', () => {
  it('writes the Clientes list columns with accents intact, in the list order', async () => {
    const admin = await createAdmin(context);
    const api = customersApi(context);
    await api.createOk(admin.token, {
      name: 'Begoña',
      lastName: 'Ibáñez',
      secondLastName: null,
      phone: '5511111111',
    });
    await api.createOk(admin.token, {
      name: 'Lucía',
      lastName: 'Núñez',
      secondLastName: 'Gómez',
      phone: '5522222222',
    });

    const csv = await downloadCsv(context, admin.token, URL, 'clientes');
    expect(csv.rows).toEqual([
      ['No.', 'Nombre', 'Teléfono'],
      ['1', 'Begoña Ibáñez', '5511111111'],
      ['2', 'Lucía Núñez Gómez', '5522222222'],
    ]);
    expect(csv.text).toBe(
      'No.,Nombre,Teléfono\r\n1,Begoña Ibáñez,5511111111\r\n2,Lucía Núñez Gómez,5522222222\r\n',
    );
  });
});
