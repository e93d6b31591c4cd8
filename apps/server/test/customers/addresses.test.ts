import { MX_STATES } from '@prestaya/contracts';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { customersApi } from '../support/api.ts';
import { createAdmin, expectProblem, useTestApp } from '../support/app.ts';
import { newAddress } from '../support/builders.ts';
import { auditRowsOf, storedCustomerState } from '../support/records.ts';

const context = useTestApp();
const api = customersApi(context);

/** The refusal of an address with every field missing or blank. */
const EVERY_FIELD_REFUSED = {
  street: 'La calle es requerida',
  numExterior: 'El No. Exterior es requerido',
  neighborhood: 'La Colonia es requerida',
  city: 'La Ciudad es requerida',
  state: 'El Estado es requerido',
  postalCode: 'Código Postal debe ser de 5 dígitos',
};

describe('POST /api/v1/customers/:id/addresses', () => {
  it('creates an address (201, envelope) that the customer then shows', async () => {
    const admin = await createAdmin(context);
    const customer = await api.createOk(admin.token);
    const response = await api.addAddress(admin.token, customer.id, newAddress({ street: '  Av. Juárez ' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      status: 'OK',
      // The fields sent, the street trimmed.
      data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), ...newAddress({ street: 'Av. Juárez' }) },
    });
    const detail = (await api.get(admin.token, customer.id)).json().data;
    expect(detail.addresses).toEqual([response.json().data]);
  });

  it('accepts every one of the 32 states and stores a blank interior number as null', async () => {
    const admin = await createAdmin(context);
    const customer = await api.createOk(admin.token);
    const created = await Promise.all(
      MX_STATES.map((state) =>
        api.addAddress(admin.token, customer.id, newAddress({ state, numInterior: '' })),
      ),
    );
    expect(created.map((r) => r.statusCode)).toEqual(MX_STATES.map(() => 201));
    expect(created.every((r) => r.json().data.numInterior === null)).toBe(true);
  });

  it.each([
    ['an empty body', {}, EVERY_FIELD_REFUSED],
    [
      'blank fields',
      newAddress({ street: ' ', numExterior: '', neighborhood: '', city: ' ', state: '', postalCode: '' }),
      EVERY_FIELD_REFUSED,
    ],
    ['a state with accents', newAddress({ state: 'MÉXICO' }), { state: 'El Estado es requerido' }],
    ['a lower-case state', newAddress({ state: 'jalisco' }), { state: 'El Estado es requerido' }],
    [
      'a 4-digit postal code',
      newAddress({ postalCode: '0394' }),
      { postalCode: 'Código Postal debe ser de 5 dígitos' },
    ],
    [
      'a 6-digit postal code',
      newAddress({ postalCode: '039401' }),
      { postalCode: 'Código Postal debe ser de 5 dígitos' },
    ],
    [
      'a numeric postal code',
      newAddress({ postalCode: 3940 }),
      { postalCode: 'Código Postal debe ser de 5 dígitos' },
    ],
    [
      'a NUL character',
      newAddress({ city: 'Mé\u0000rida' }),
      { city: 'La Ciudad contiene caracteres no permitidos' },
    ],
  ])('answers 400 with the spec message naming the field for %s', async (_label, payload, expected) => {
    const admin = await createAdmin(context);
    const customer = await api.createOk(admin.token);
    const before = await storedCustomerState(context);
    const problem = expectProblem(await api.addAddress(admin.token, customer.id, payload), 400);
    expect(Object.fromEntries(problem.errors?.map((e) => [e.field, e.message]) ?? [])).toEqual(expected);
    expect(await storedCustomerState(context)).toEqual(before);
  });

  it('is 404 for an unknown customer and 400 for a malformed id', async () => {
    const admin = await createAdmin(context);
    expectProblem(await api.addAddress(admin.token, uuidv7(), newAddress()), 404, 'Cliente no encontrado');
    expectProblem(await api.addAddress(admin.token, 'abc', newAddress()), 400, 'id: Identificador inválido');
  });
});

describe('PUT and DELETE /api/v1/customers/:id/addresses/:addressId', () => {
  it('updates an address and answers the envelope', async () => {
    const admin = await createAdmin(context);
    const customer = await api.createOk(admin.token);
    const address = await api.addAddressOk(admin.token, customer.id);
    const response = await api.updateAddress(
      admin.token,
      customer.id,
      address.id,
      newAddress({ city: 'Mérida', state: 'YUCATAN', postalCode: '97000', numInterior: null }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'OK',
      data: { ...address, city: 'Mérida', state: 'YUCATAN', postalCode: '97000', numInterior: null },
    });
    expect((await api.get(admin.token, customer.id)).json().data.addresses).toEqual([response.json().data]);
  });

  it('deletes an address and answers the deleted one', async () => {
    const admin = await createAdmin(context);
    const customer = await api.createOk(admin.token);
    const kept = await api.addAddressOk(admin.token, customer.id, { street: 'Se queda' });
    const removed = await api.addAddressOk(admin.token, customer.id, { street: 'Se va' });
    const response = await api.deleteAddress(admin.token, customer.id, removed.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'OK', data: removed });
    expect((await api.get(admin.token, customer.id)).json().data.addresses).toEqual([kept]);
    expectProblem(
      await api.deleteAddress(admin.token, customer.id, removed.id),
      404,
      'Dirección no encontrada',
    );
  });

  it('refuses an address of another customer, an unknown address or customer, and malformed ids', async () => {
    const admin = await createAdmin(context);
    const owner = await api.createOk(admin.token);
    const other = await api.createOk(admin.token);
    const address = await api.addAddressOk(admin.token, owner.id);
    const before = await storedCustomerState(context);
    const wrongPairs = [
      [other.id, address.id, 'Dirección no encontrada'],
      [owner.id, uuidv7(), 'Dirección no encontrada'],
      [uuidv7(), address.id, 'Cliente no encontrado'],
    ] as const;
    for (const [customerId, addressId, detail] of wrongPairs) {
      expectProblem(await api.updateAddress(admin.token, customerId, addressId, newAddress()), 404, detail);
      expectProblem(await api.deleteAddress(admin.token, customerId, addressId), 404, detail);
    }
    expectProblem(
      await api.updateAddress(admin.token, owner.id, 'nope', newAddress()),
      400,
      'addressId: Identificador inválido',
    );
    expectProblem(
      await api.deleteAddress(admin.token, 'nope', address.id),
      400,
      'id: Identificador inválido',
    );
    const invalid = expectProblem(
      await api.updateAddress(admin.token, owner.id, address.id, newAddress({ postalCode: 'abcde' })),
      400,
    );
    expect(invalid.errors).toEqual([{ field: 'postalCode', message: 'Código Postal debe ser de 5 dígitos' }]);
    expect(await storedCustomerState(context)).toEqual(before);
  });
});

describe('address audit trail', () => {
  it('records create, update and delete with the customer, before and after', async () => {
    const admin = await createAdmin(context);
    const customer = await api.createOk(admin.token);
    const address = await api.addAddressOk(admin.token, customer.id, { city: 'Puebla', state: 'PUEBLA' });
    await api.updateAddress(
      admin.token,
      customer.id,
      address.id,
      newAddress({ city: 'Cholula', state: 'PUEBLA' }),
    );
    await api.deleteAddress(admin.token, customer.id, address.id);
    const rows = await auditRowsOf(context, address.id);
    expect(rows.map((r) => [r.user_id, r.entity, r.action])).toEqual([
      [admin.id, 'address', 'created'],
      [admin.id, 'address', 'updated'],
      [admin.id, 'address', 'deleted'],
    ]);
    expect(rows[0]).toMatchObject({ before: null, after: { customerId: customer.id, city: 'Puebla' } });
    expect(rows[1]).toMatchObject({ before: { city: 'Puebla' }, after: { city: 'Cholula' } });
    expect(rows[2]).toMatchObject({ before: { customerId: customer.id, city: 'Cholula' }, after: null });
  });
});
