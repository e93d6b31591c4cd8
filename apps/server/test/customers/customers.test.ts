import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { customersApi } from '../support/api.ts';
import { createAdmin, createUserAndLogin, expectProblem, useTestApp } from '../support/app.ts';
import { formOf, newCustomer, uniqueCurp } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { auditRowsOf, storedCustomerState } from '../support/records.ts';

const context = useTestApp();
const api = customersApi(context);

/** The refusal of a customer with every required field missing or blank. */
const REQUIRED_FIELDS_REFUSED = {
  name: 'El nombre es requerido',
  lastName: 'Ap. Paterno es requerido',
  phone: 'Tel. debe ser de 10 dígitos',
  curp: 'CURP es requerido',
};

describe('POST /api/v1/customers', () => {
  it('creates a PENDING customer numbered from 1, assigned to the current user, and answers 201', async () => {
    const agent = await createUserAndLogin(context, { name: 'Marta', lastName: 'Ríos' });
    const curp = uniqueCurp();
    const response = await api.create(agent.token, newCustomer({ curp, status: 'PENDING' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      status: 'OK',
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        num: 1,
        name: 'José',
        lastName: 'Gómez',
        secondLastName: 'Núñez',
        phone: '5512345678',
        curp,
        rfc: null,
        birthDate: `19${curp.slice(4, 6)}-${curp.slice(6, 8)}-${curp.slice(8, 10)}`,
        age: expect.any(Number),
        sex: 'H',
        birthState: 'CIUDAD DE MEXICO',
        status: 'PENDING',
        agentId: agent.id,
        agent: { id: agent.id, num: agent.num, name: 'Marta', lastName: 'Ríos' },
        addresses: [],
        currentLoan: null,
        createdOn: expect.any(String),
      },
    });
    expect((await api.createOk(agent.token)).num).toBe(2);
    expect(response.body).not.toContain('search');
  });

  it('stores the CURP upper case and trims the fields; a blank second last name is null', async () => {
    const admin = await createAdmin(context);
    const created = await api.createOk(admin.token, {
      name: '  Ana ',
      lastName: ' Ávila',
      secondLastName: '   ',
      phone: ' 5598765432 ',
      curp: ' avia900215mdfvln05 ',
    });
    expect(created).toMatchObject({
      name: 'Ana',
      lastName: 'Ávila',
      secondLastName: null,
      phone: '5598765432',
      curp: 'AVIA900215MDFVLN05',
    });
    const [row] = rowsOf<{ curp: string; search_text: string }>(
      await context.database.db.execute(
        sql`select curp, search_text from customers where id = ${created.id}`,
      ),
    );
    expect(row).toEqual({ curp: 'AVIA900215MDFVLN05', search_text: 'ana avila 5598765432' });
  });

  it('assigns the current user when agentId is null, too', async () => {
    const admin = await createAdmin(context);
    const created = await api.createOk(admin.token, { agentId: null });
    expect(created.agentId).toBe(admin.id);
  });

  it('refuses a duplicate CURP, whatever its case, with 409 and stores nothing', async () => {
    const admin = await createAdmin(context);
    await api.createOk(admin.token, { curp: 'GOMJ800101HDFMRS02' });
    const before = await storedCustomerState(context);
    expectProblem(
      await api.create(admin.token, newCustomer({ curp: 'GOMJ800101HDFMRS02' })),
      409,
      'Ya existe un cliente con esa CURP',
    );
    expectProblem(
      await api.create(admin.token, newCustomer({ curp: 'gomj800101hdfmrs02', name: 'Otro' })),
      409,
      'Ya existe un cliente con esa CURP',
    );
    expect(await storedCustomerState(context)).toEqual(before);
  });

  it('lets exactly one of several concurrent creations with the same CURP win', async () => {
    const admin = await createAdmin(context);
    const curp = uniqueCurp();
    const replies = await Promise.all([1, 2, 3].map(() => api.create(admin.token, newCustomer({ curp }))));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    ['an empty body', {}, REQUIRED_FIELDS_REFUSED],
    ['blank required fields', { name: ' ', lastName: '', phone: '', curp: '  ' }, REQUIRED_FIELDS_REFUSED],
    ['a 9-digit phone', newCustomer({ phone: '551234567' }), { phone: 'Tel. debe ser de 10 dígitos' }],
    ['an 11-digit phone', newCustomer({ phone: '55123456789' }), { phone: 'Tel. debe ser de 10 dígitos' }],
    ['a phone with letters', newCustomer({ phone: '55-1234-56' }), { phone: 'Tel. debe ser de 10 dígitos' }],
    ['a numeric phone', newCustomer({ phone: 5512345678 }), { phone: 'Tel. debe ser de 10 dígitos' }],
    [
      'a 17-character CURP',
      newCustomer({ curp: 'GOMJ800101HDFMRS0' }),
      { curp: 'Debe ser de 18 caracteres' },
    ],
    [
      'a 19-character CURP',
      newCustomer({ curp: 'GOMJ800101HDFMRS021' }),
      { curp: 'Debe ser de 18 caracteres' },
    ],
    ['an emoji CURP', newCustomer({ curp: `😀${'A'.repeat(16)}` }), { curp: 'Debe ser de 18 caracteres' }],
    ['a malformed agentId', newCustomer({ agentId: 'juan' }), { agentId: 'Agente inválido' }],
    [
      'an unknown status',
      newCustomer({ status: 'ACTIVE' }),
      { status: 'Estatus inválido: un cliente solo puede tener el estatus PENDING (En espera)' },
    ],
    ['a null status', newCustomer({ status: null }), { status: 'El estatus es requerido' }],
  ])('answers 400 with the spec message naming the field for %s', async (_label, payload, expected) => {
    const admin = await createAdmin(context);
    const problem = expectProblem(await api.create(admin.token, payload), 400);
    // The first message of each field: a blank CURP also fails the 18-character rule after 'CURP es requerido'.
    const byField = Object.fromEntries(problem.errors?.toReversed().map((e) => [e.field, e.message]) ?? []);
    expect(byField).toEqual(expected);
    for (const [field, message] of Object.entries(expected))
      expect(problem.detail).toContain(`${field}: ${message}`);
    expect(rowsOf(await context.database.db.execute(sql`select id from customers`))).toEqual([]);
  });

  it('refuses an unknown or inactive agent chosen by an admin', async () => {
    const admin = await createAdmin(context);
    const cancelled = await createUserAndLogin(context, { status: 'CANCELLED' });
    const delayed = await createUserAndLogin(context, { status: 'DELAYED' });
    for (const agentId of [uuidv7(), cancelled.id, delayed.id]) {
      const problem = expectProblem(
        await api.create(admin.token, newCustomer({ agentId })),
        400,
        'agentId: Agente inválido o inactivo',
      );
      expect(problem.errors).toEqual([{ field: 'agentId', message: 'Agente inválido o inactivo' }]);
    }
    expect(rowsOf(await context.database.db.execute(sql`select id from customers`))).toEqual([]);
  });
});

describe('GET /api/v1/customers/:id', () => {
  it('returns the customer with its agent, addresses in creation order and no current loan', async () => {
    const admin = await createAdmin(context);
    const created = await api.createOk(admin.token);
    const first = await api.addAddressOk(admin.token, created.id, { street: 'Primera' });
    const second = await api.addAddressOk(admin.token, created.id, { street: 'Segunda', numInterior: null });
    const response = await api.get(admin.token, created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'OK',
      data: { ...created, addresses: [first, second], currentLoan: null },
    });
    expect(second.numInterior).toBeNull();
  });

  it('is 404 for an unknown customer and 400 for a malformed id', async () => {
    const admin = await createAdmin(context);
    expectProblem(await api.get(admin.token, uuidv7()), 404, 'Cliente no encontrado');
    expectProblem(await api.get(admin.token, 'not-a-uuid'), 400, 'id: Identificador inválido');
  });
});

describe('PUT /api/v1/customers/:id', () => {
  it('replaces the form fields, keeps num, status and agent, and refreshes the search text', async () => {
    const admin = await createAdmin(context);
    const created = await api.createOk(admin.token);
    await api.addAddressOk(admin.token, created.id);
    const response = await api.update(admin.token, created.id, {
      ...formOf(created),
      name: 'María José',
      phone: '5511112222',
      secondLastName: '',
      curp: created.curp.toLowerCase(),
      agentId: undefined,
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      id: created.id,
      num: created.num,
      name: 'María José',
      phone: '5511112222',
      secondLastName: null,
      curp: created.curp,
      status: 'PENDING',
      agentId: admin.id,
      currentLoan: null,
    });
    expect(data.addresses).toHaveLength(1);
    expect(await api.get(admin.token, created.id).then((r) => r.json().data)).toEqual(data);
    const [row] = rowsOf<{ search_text: string }>(
      await context.database.db.execute(sql`select search_text from customers where id = ${created.id}`),
    );
    expect(row?.search_text).toBe('maria jose gomez 5511112222');
  });

  it('refuses taking another customer’s CURP with 409 and changes nothing', async () => {
    const admin = await createAdmin(context);
    const first = await api.createOk(admin.token);
    const second = await api.createOk(admin.token);
    const before = await storedCustomerState(context);
    expectProblem(
      await api.update(admin.token, second.id, { ...formOf(second), curp: first.curp.toLowerCase() }),
      409,
      'Ya existe un cliente con esa CURP',
    );
    expect(await storedCustomerState(context)).toEqual(before);
  });

  it('validates like the create form, and is 404 for an unknown customer', async () => {
    const admin = await createAdmin(context);
    const created = await api.createOk(admin.token);
    const problem = expectProblem(
      await api.update(admin.token, created.id, { ...formOf(created), phone: '123', name: '' }),
      400,
    );
    expect(problem.errors?.map((e) => e.field).sort()).toEqual(['name', 'phone']);
    expectProblem(await api.update(admin.token, uuidv7(), formOf(created)), 404, 'Cliente no encontrado');
    expectProblem(await api.update(admin.token, 'x', formOf(created)), 400, 'id: Identificador inválido');
  });
});

describe('audit trail', () => {
  it('records creation and update with actor, before and after', async () => {
    const admin = await createAdmin(context);
    const created = await api.createOk(admin.token, { phone: '5500000001' });
    await api.update(admin.token, created.id, { ...formOf(created), phone: '5500000002' });
    const rows = await auditRowsOf(context, created.id);
    expect(rows.map((r) => [r.user_id, r.entity, r.action])).toEqual([
      [admin.id, 'customer', 'created'],
      [admin.id, 'customer', 'updated'],
    ]);
    expect(rows[0]?.before).toBeNull();
    expect(rows[0]?.after).toEqual({
      num: 1,
      name: 'José',
      lastName: 'Gómez',
      secondLastName: 'Núñez',
      phone: '5500000001',
      curp: created.curp,
      rfc: null,
      status: 'PENDING',
      agentId: admin.id,
    });
    expect(rows[1]?.before).toMatchObject({ phone: '5500000001' });
    expect(rows[1]?.after).toMatchObject({ phone: '5500000002' });
  });

  it('writes nothing when a change is refused', async () => {
    const admin = await createAdmin(context);
    const created = await api.createOk(admin.token);
    const before = await storedCustomerState(context);
    await api.create(admin.token, newCustomer({ curp: created.curp }));
    await api.create(admin.token, newCustomer({ agentId: uuidv7() }));
    await api.update(admin.token, created.id, { ...formOf(created), agentId: uuidv7() });
    expect(await storedCustomerState(context)).toEqual(before);
  });
});

describe('hostile input', () => {
  it('never answers 500', async () => {
    const admin = await createAdmin(context);
    const created = await api.createOk(admin.token);
    const attempts = [
      api.create(admin.token, newCustomer({ name: 'a'.repeat(10_000) })),
      api.create(admin.token, newCustomer({ name: 'Jo\u0000sé' })),
      api.create(admin.token, newCustomer({ curp: 'A\u0000'.repeat(9) })),
      api.create(admin.token, [1, 2]),
      api.update(admin.token, created.id, {
        ...formOf(created),
        agentId: '00000000-0000-0000-0000-000000000000',
      }),
      api.list(admin.token, `?query=${encodeURIComponent('\u0000%_\\')}`),
      api.list(admin.token, '?query=%00'),
      api.get(admin.token, '%00'),
    ];
    const statuses = (await Promise.all(attempts)).map((response) => response.statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 400]);
    const nul = expectProblem(await api.create(admin.token, newCustomer({ lastName: 'Gó\u0000mez' })), 400);
    expect(nul.errors).toEqual([
      { field: 'lastName', message: 'Ap. Paterno contiene caracteres no permitidos' },
    ]);
  });
});
