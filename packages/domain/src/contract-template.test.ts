import { describe, expect, it } from 'vitest';
import {
  CONTRACT_PLACEHOLDER_NAMES,
  type ContractValues,
  fillContractTemplate,
  unknownPlaceholders,
} from './contract-template.ts';

const values = Object.fromEntries(
  CONTRACT_PLACEHOLDER_NAMES.map((name) => [name, `<${name}>`]),
) as ContractValues;

describe('contract templates', () => {
  it('fills every known placeholder, spaces inside the braces allowed', () => {
    expect(
      fillContractTemplate('Yo, {{cliente.nombre}}, debo {{ prestamo.total }} (CAT {{cat}}).', {
        ...values,
        'cliente.nombre': 'Ana López',
        'prestamo.total': '$3,600.00',
        cat: '347.3 %',
      }),
    ).toBe('Yo, Ana López, debo $3,600.00 (CAT 347.3 %).');
  });

  it('names the unknown placeholders once each, and leaves them as written', () => {
    const text = 'Hola {{cliente.apodo}} y {{cliente.apodo}}, {{ }} {{prestamo.monto}} {{foo}}';
    expect(unknownPlaceholders(text)).toEqual(['cliente.apodo', '', 'foo']);
    expect(fillContractTemplate(text, values)).toBe(
      'Hola {{cliente.apodo}} y {{cliente.apodo}}, {{ }} <prestamo.monto> {{foo}}',
    );
  });

  it('a text without placeholders is itself', () => {
    expect(unknownPlaceholders('Sin marcas { ni } llaves')).toEqual([]);
    expect(fillContractTemplate('Sin marcas', values)).toBe('Sin marcas');
  });

  it('a value is never read as a placeholder again', () => {
    expect(fillContractTemplate('{{cliente.nombre}}', { ...values, 'cliente.nombre': '{{cat}}' })).toBe(
      '{{cat}}',
    );
  });
});
