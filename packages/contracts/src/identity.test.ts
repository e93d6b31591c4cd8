import { describe, expect, it } from 'vitest';
import { customerEditInput, customerInput } from './customers.ts';
import { expedienteGapLabel, identitySettings } from './identity.ts';

const base = { name: 'José', lastName: 'Gómez', phone: '5512345678' };
const curpMessageOf = (schema: typeof customerInput, curp: string) =>
  schema.safeParse({ ...base, curp }).error?.issues.map((issue) => issue.message);

describe('the CURP of the customer form', () => {
  it('keeps the required and 18-character messages first, then one message per problem', () => {
    expect(curpMessageOf(customerInput, '')).toEqual(['CURP es requerido']);
    expect(curpMessageOf(customerInput, 'GOMJ800101HDFMRS0')).toEqual(['Debe ser de 18 caracteres']);
    expect(curpMessageOf(customerInput, 'GOMJ800101HDFMRS03')).toEqual([
      'El dígito verificador de la CURP no corresponde',
    ]);
    expect(curpMessageOf(customerInput, 'GOMJ800132HDFMRS02')).toEqual([
      'La CURP tiene una fecha de nacimiento que no existe',
    ]);
    expect(curpMessageOf(customerInput, 'gomj800101hdfmrs02')).toBeUndefined();
  });

  it('on an edit checks only the shape (the server checks a changed CURP in full)', () => {
    expect(curpMessageOf(customerEditInput, 'GOMJ800100HDFMRS09')).toBeUndefined();
    expect(curpMessageOf(customerEditInput, 'GOMJ800100HDFMRS0')).toEqual(['Debe ser de 18 caracteres']);
  });
});

describe('the RFC of the customer form', () => {
  it('is optional (blank is null) and checked when given', () => {
    const valid = { ...base, curp: 'GOMJ800101HDFMRS02' };
    expect(customerInput.parse({ ...valid, rfc: '  ' }).rfc).toBeNull();
    expect(customerInput.parse(valid).rfc).toBeNull();
    expect(customerInput.safeParse({ ...valid, rfc: 'GOMJ800101' }).error?.issues[0]?.message).toBe(
      'El RFC debe ser de 13 caracteres (persona física)',
    );
  });
});

describe('expediente words', () => {
  it('names each gap, the window in months', () => {
    expect(expedienteGapLabel('INE_FRONT', 3)).toBe('INE (frente)');
    expect(expedienteGapLabel('PROOF_OF_ADDRESS_EXPIRED', 3)).toBe(
      'Comprobante de domicilio vencido (más de 3 meses)',
    );
    expect(expedienteGapLabel('PROOF_OF_ADDRESS_EXPIRED', 1)).toBe(
      'Comprobante de domicilio vencido (más de 1 mes)',
    );
  });

  it('bounds the window to 1–12 months', () => {
    expect(
      identitySettings.safeParse({ requireCompleteExpediente: true, proofOfAddressMaxMonths: 0 }).success,
    ).toBe(false);
    expect(identitySettings.parse({ requireCompleteExpediente: false, proofOfAddressMaxMonths: 12 })).toEqual(
      {
        requireCompleteExpediente: false,
        proofOfAddressMaxMonths: 12,
      },
    );
  });
});
