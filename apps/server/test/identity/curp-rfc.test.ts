import { curpCheckDigit, rfcCheckDigit } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customersApi } from '../support/api.ts';
import { createAdmin, expectProblem, useTestApp } from '../support/app.ts';
import { formOf, newCustomer } from '../support/builders.ts';
import { businessToday } from '../support/clock.ts';
import { auditRowsOf, countOf } from '../support/records.ts';

/**
 * The CURP of a new customer is checked in full (structure, date, sex, state, check digit) with one
 * Spanish message each, the applicant must be 18 on the business date, and the reply carries what the
 * CURP tells. The RFC is optional and checked when given. A customer saved before the check keeps
 * saving while their CURP is left as it is.
 */
const context = useTestApp();
const api = customersApi(context);

const withCheckDigit = (first17: string) => `${first17}${curpCheckDigit(first17)}`;

/** A CURP of someone born on `birthDate` (20xx births take a letter homoclave, as RENAPO gives). */
function curpBornOn(birthDate: string): string {
  const [year, month, day] = birthDate.split('-') as [string, string, string];
  const homoclave = Number(year) >= 2000 ? 'A' : '0';
  return withCheckDigit(`PEMA${year.slice(2)}${month}${day}MPLRRR${homoclave}`);
}

/** `today` moved `years` back, on the same month and day (28 February for a 29th). */
function yearsBefore(today: string, years: number): string {
  const date = `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
  return date.endsWith('02-29') ? date.replace('02-29', '02-28') : date;
}

const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('POST /api/v1/customers: the CURP check', () => {
  it.each([
    ['a wrong check digit', 'GOMJ800101HDFMRS03', 'El dígito verificador de la CURP no corresponde'],
    [
      'an impossible date',
      withCheckDigit('GOMJ800230HDFMRS0'),
      'La CURP tiene una fecha de nacimiento que no existe',
    ],
    [
      'an unknown sex',
      withCheckDigit('GOMJ800101ZDFMRS0'),
      'El sexo de la CURP debe ser H (hombre), M (mujer) o X (no binario)',
    ],
    [
      'an unknown state',
      withCheckDigit('GOMJ800101HXXMRS0'),
      'La CURP tiene un estado de nacimiento que no existe',
    ],
    [
      'a broken structure',
      'GOMJ8001011DFMRS02',
      'La CURP no tiene el formato correcto: 4 letras, 6 dígitos de la fecha de nacimiento, sexo, estado, 3 consonantes y 2 caracteres finales',
    ],
    ['17 characters (the first check)', 'GOMJ800101HDFMRS0', 'Debe ser de 18 caracteres'],
  ])('refuses %s with its message and stores nothing', async (_case, curp, message) => {
    const admin = await createAdmin(context);
    const body = expectProblem(await api.create(admin.token, newCustomer({ curp })), 400);
    expect(body.errors).toEqual([{ field: 'curp', message }]);
    expect(await countOf(context, 'customers')).toBe(0);
  });

  it('refuses an applicant under 18 on the business date and takes one who is 18 that day', async () => {
    const admin = await createAdmin(context);
    const today = businessToday();
    const eighteenTomorrow = curpBornOn(dayAfter(yearsBefore(today, 18)));
    const body = expectProblem(await api.create(admin.token, newCustomer({ curp: eighteenTomorrow })), 400);
    expect(body.errors).toEqual([
      { field: 'curp', message: 'El solicitante debe ser mayor de edad (18 años)' },
    ]);
    const eighteenToday = await api.createOk(admin.token, { curp: curpBornOn(yearsBefore(today, 18)) });
    expect(eighteenToday).toMatchObject({ age: 18, sex: 'M', birthState: 'PUEBLA' });
  });

  it('answers the birth date, age, sex and state of birth the CURP tells', async () => {
    const admin = await createAdmin(context);
    const created = await api.createOk(admin.token, { curp: 'LOOA531113HTCPBN07' });
    const today = businessToday();
    const age = Number(today.slice(0, 4)) - 1953 - (today.slice(5) < '11-13' ? 1 : 0);
    const expected = { birthDate: '1953-11-13', age, sex: 'H', birthState: 'TABASCO', rfc: null };
    expect(created).toMatchObject(expected);
    expect((await api.get(admin.token, created.id)).json().data).toMatchObject(expected);
  });
});

describe('a customer saved before the CURP check', () => {
  async function legacyCustomer() {
    const admin = await createAdmin(context);
    const created = await api.createOk(admin.token);
    // A CURP of the old rule (18 capitals) that the full check refuses: day 00, wrong check digit.
    await context.database.db.execute(
      sql`update customers set curp = 'GOMJ800100HDFMRS09' where id = ${created.id}`,
    );
    const legacy = (await api.get(admin.token, created.id)).json().data;
    return { admin, legacy };
  }

  it('still saves an edit that keeps the CURP, and tells nothing from it', async () => {
    const { admin, legacy } = await legacyCustomer();
    expect(legacy).toMatchObject({
      curp: 'GOMJ800100HDFMRS09',
      birthDate: null,
      age: null,
      sex: null,
      birthState: null,
    });
    const response = await api.update(admin.token, legacy.id, { ...formOf(legacy), phone: '5599990000' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ phone: '5599990000', curp: 'GOMJ800100HDFMRS09' });
  });

  it('checks a changed CURP in full', async () => {
    const { admin, legacy } = await legacyCustomer();
    const wrong = await api.update(admin.token, legacy.id, { ...formOf(legacy), curp: 'GOMJ800101HDFMRS03' });
    expect(expectProblem(wrong, 400).errors).toEqual([
      { field: 'curp', message: 'El dígito verificador de la CURP no corresponde' },
    ]);
    const fixed = await api.update(admin.token, legacy.id, { ...formOf(legacy), curp: 'GOMJ800101HDFMRS02' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ curp: 'GOMJ800101HDFMRS02', birthDate: '1980-01-01' });
  });
});

describe('the RFC (persona física)', () => {
  const rfc = (first12: string) => `${first12}${rfcCheckDigit(first12)}`;

  it('is optional, stored in capitals, audited and shown', async () => {
    const admin = await createAdmin(context);
    expect((await api.createOk(admin.token, { rfc: '  ' })).rfc).toBeNull();
    const valid = rfc('GOMJ800101AB');
    const created = await api.createOk(admin.token, { rfc: valid.toLowerCase() });
    expect(created.rfc).toBe(valid);
    expect((await api.get(admin.token, created.id)).json().data.rfc).toBe(valid);
    expect((await auditRowsOf(context, created.id))[0]?.after).toMatchObject({ rfc: valid });
  });

  it.each([
    ['12 characters', 'GOMJ800101AB', 'El RFC debe ser de 13 caracteres (persona física)'],
    [
      'a wrong check digit',
      `GOMJ800101AB${rfcCheckDigit('GOMJ800101AB') === '1' ? '2' : '1'}`,
      'El dígito verificador del RFC no corresponde',
    ],
    ['an impossible date', rfc('GOMJ801301AB'), 'El RFC tiene una fecha que no existe'],
    [
      'a broken structure',
      'GOM1800101AB1',
      'El RFC no tiene el formato correcto: 4 letras, 6 dígitos de la fecha y 3 caracteres de homoclave',
    ],
  ])('refuses %s with its message', async (_case, value, message) => {
    const admin = await createAdmin(context);
    const body = expectProblem(await api.create(admin.token, newCustomer({ rfc: value })), 400);
    expect(body.errors).toEqual([{ field: 'rfc', message }]);
  });
});
