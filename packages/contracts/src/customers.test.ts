import { describe, expect, it } from 'vitest';
import { addressInput, customerInput, MX_STATES } from './customers.ts';

describe('customer and address schemas', () => {
  it('uses the spec messages', () => {
    const r = customerInput.safeParse({ name: '', lastName: ' ', phone: '55123', curp: 'abc' });
    const byField = Object.fromEntries(r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(byField).toEqual({
      name: 'El nombre es requerido',
      lastName: 'Ap. Paterno es requerido',
      phone: 'Tel. debe ser de 10 dígitos',
      curp: 'Debe ser de 18 caracteres',
    });
    expect(
      customerInput.safeParse({ name: 'a', lastName: 'b', phone: '5512345678', curp: '' }).error?.issues[0]
        ?.message,
    ).toBe('CURP es requerido');
  });

  it('stores the CURP upper case and blank optional fields as null', () => {
    const c = customerInput.parse({
      name: ' José ',
      lastName: 'Gómez',
      secondLastName: '',
      phone: '5512345678',
      curp: 'gomj800101hdfmrs02',
    });
    expect(c).toMatchObject({
      name: 'José',
      curp: 'GOMJ800101HDFMRS02',
      secondLastName: null,
      status: 'PENDING',
    });
  });

  it('validates addresses: 32 states without accents, 5-digit postal code', () => {
    expect(MX_STATES).toHaveLength(32);
    const r = addressInput.safeParse({
      street: '',
      numExterior: '',
      neighborhood: '',
      city: '',
      state: 'MÉXICO',
      postalCode: '123',
    });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'La calle es requerida',
      'El No. Exterior es requerido',
      'La Colonia es requerida',
      'La Ciudad es requerida',
      'El Estado es requerido',
      'Código Postal debe ser de 5 dígitos',
    ]);
  });
});
