import { describe, expect, it } from 'vitest';
import { amlCaseOpen, amlListRow, amlSettings } from './aml.ts';

describe('amlListRow', () => {
  it('reads keys upper case without spaces, dates in two spellings, blanks as null', () => {
    expect(
      amlListRow.parse({
        nombre: ' Juan Pérez ',
        curp: 'gopj800101hdfrrn09',
        rfc: '',
        lista: 'UIF',
        fecha: '15/01/2026',
      }),
    ).toEqual({
      nombre: 'Juan Pérez',
      curp: 'GOPJ800101HDFRRN09',
      rfc: null,
      lista: 'UIF',
      fecha: '2026-01-15',
    });
    expect(
      amlListRow.parse({ nombre: 'Ana', curp: '', rfc: 'GOPJ 800101 AB1', lista: 'OFAC', fecha: '' }),
    ).toMatchObject({
      curp: null,
      rfc: 'GOPJ800101AB1',
      fecha: null,
    });
  });

  it('refuses a short CURP, a malformed RFC, an impossible date and a missing name', () => {
    const result = amlListRow.safeParse({
      nombre: '',
      curp: 'ABC',
      rfc: 'X1',
      lista: 'UIF',
      fecha: '31/02/2026',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'curp',
      'fecha',
      'nombre',
      'rfc',
    ]);
  });
});

describe('PLD settings and cases', () => {
  it('bounds the thresholds in pesos', () => {
    expect(
      amlSettings.safeParse({ singleCashThreshold: 150_000, monthlyCashThreshold: 150_000 }).success,
    ).toBe(true);
    expect(amlSettings.safeParse({ singleCashThreshold: 0.5, monthlyCashThreshold: 1 }).success).toBe(false);
  });

  it('opens a case on exactly one of a customer and a payment', () => {
    expect(amlCaseOpen.safeParse({ customerNum: 7, description: 'Depósitos fraccionados' }).success).toBe(
      true,
    );
    const both = amlCaseOpen.safeParse({
      customerNum: 7,
      paymentId: '0190a0c0-0000-7000-8000-000000000001',
      description: 'Depósitos fraccionados',
    });
    expect(both.error?.issues[0]?.message).toBe('Indique el cliente o el pago, uno de los dos');
  });
});
