import type { AuditEntry, BusinessSettings } from '@prestaya/contracts';
import { describe, expect, it } from 'vitest';
import { createAdmin, createUserAndLogin, expectProblem, request, useTestApp } from '../support/app.ts';

const context = useTestApp();
const URL = '/api/v1/settings/business';

const FILLED = {
  name: 'Préstamos Don Beto',
  phone: '5587654321',
  whatsapp: '5511223344',
  address: 'Av. Juárez 120, Centro, Cuauhtémoc, CDMX',
  hours: 'Lunes a viernes, 9:00 a 18:00 h',
  complaintsContact: 'quejas@donbeto.mx o 55 1122 3344',
};

const read = async (token?: string) => {
  const response = await request(context.app, { method: 'GET', url: URL, token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: BusinessSettings }).data;
};

const save = (token: string | undefined, payload: object) =>
  request(context.app, { method: 'PUT', url: URL, token, payload });

const settingsAudit = async (token: string) => {
  const response = await request(context.app, {
    method: 'GET',
    url: '/api/v1/audit?entity=business_settings',
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: AuditEntry[] }).data;
};

describe('GET /settings/business', () => {
  it('answers every field null before anything is saved, without a session', async () => {
    expect(await read()).toEqual({
      name: null,
      phone: null,
      whatsapp: null,
      address: null,
      hours: null,
      complaintsContact: null,
    });
  });
});

describe('PUT /settings/business', () => {
  it('an administrator saves every field; anyone then reads them; the change is audited', async () => {
    const admin = await createAdmin(context);
    const saved = await save(admin.token, FILLED);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual(FILLED);
    expect(await read()).toEqual(FILLED);

    // Blank clears a field: it is not set any more (null), not an empty text.
    const cleared = await save(admin.token, { ...FILLED, whatsapp: '', hours: '   ', address: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await read()).toEqual({ ...FILLED, whatsapp: null, hours: null, address: null });

    const [latest, first] = await settingsAudit(admin.token);
    expect(first).toMatchObject({
      entity: 'business_settings',
      action: 'updated',
      user: { id: admin.id },
      before: { name: null, phone: null },
      after: FILLED,
    });
    expect(latest).toMatchObject({
      before: FILLED,
      after: { ...FILLED, whatsapp: null, hours: null, address: null },
    });
  });

  it('is for administrators: an agent gets 403 and a visitor 401, and nothing changes', async () => {
    const agent = await createUserAndLogin(context, { name: 'Beto', lastName: 'Agente' });
    expectProblem(await save(agent.token, FILLED), 403);
    expectProblem(await save(undefined, FILLED), 401);
    expect((await read()).name).toBeNull();
  });

  it.each([
    [{ phone: '55 1234 5678' }, 'phone: El teléfono debe ser de 10 dígitos'],
    [{ phone: '551234567' }, 'phone: El teléfono debe ser de 10 dígitos'],
    [{ whatsapp: '+525512345678' }, 'whatsapp: El WhatsApp debe ser de 10 dígitos'],
    [{ whatsapp: 5512345678 }, /whatsapp/],
    [{ name: 'x'.repeat(81) }, 'name: El nombre del negocio admite como máximo 80 caracteres'],
    [{ address: 'a'.repeat(201) }, 'address: El domicilio admite como máximo 200 caracteres'],
    [{ hours: 'h'.repeat(121) }, 'hours: El horario admite como máximo 120 caracteres'],
    [
      { complaintsContact: 'c'.repeat(201) },
      'complaintsContact: El contacto para quejas admite como máximo 200 caracteres',
    ],
    [{ name: 'Línea\nnueva' }, 'name: El nombre del negocio contiene caracteres no permitidos'],
    [{ hours: 'Lunes\u202Eviernes' }, 'hours: El horario contiene caracteres no permitidos'],
    [{ reca: '123' }, /reca/],
  ])('refuses %j with a Spanish detail (400) and stores nothing', async (change, detail) => {
    const admin = await createAdmin(context);
    expectProblem(await save(admin.token, { ...FILLED, ...change }), 400, detail);
    expect((await read()).name).toBeNull();
    expect(await settingsAudit(admin.token)).toEqual([]);
  });
});
