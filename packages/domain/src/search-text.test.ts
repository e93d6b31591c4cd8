import { describe, expect, it } from 'vitest';
import { curpPrefix, customerQueryTerm, customerSearchText, normalizeForSearch } from './search-text.ts';

describe('normalizeForSearch', () => {
  it('lower-cases, strips accents and collapses spaces', () => {
    expect(normalizeForSearch('  José   GÓMEZ\tNúñez ')).toBe('jose gomez nunez');
    expect(normalizeForSearch('ÑANDÚ Güero Çà')).toBe('nandu guero ca');
    expect(normalizeForSearch('JOSÉ')).toBe(normalizeForSearch('jose'));
  });

  it('also folds decomposed input (combining marks typed separately)', () => {
    expect(normalizeForSearch('Jose\u0301 Go\u0301mez')).toBe('jose gomez');
  });

  it('keeps LIKE wildcards and digits as they are (escaping is the query’s job)', () => {
    expect(normalizeForSearch('50%_a\\b 55 12')).toBe('50%_a\\b 55 12');
    expect(normalizeForSearch('   ')).toBe('');
  });

  it('reads control characters (NUL included, which PostgreSQL refuses) as spaces', () => {
    expect(normalizeForSearch('jo\u0000se\u0007 gomez\n')).toBe('jo se gomez');
    expect(normalizeForSearch('\u0000')).toBe('');
  });
});

describe('customerSearchText', () => {
  it('joins name, last names and phone, normalised', () => {
    expect(
      customerSearchText({ name: 'José', lastName: 'Gómez', secondLastName: 'Núñez', phone: '5512345678' }),
    ).toBe('jose gomez nunez 5512345678');
  });

  it('skips a missing second last name without a double space', () => {
    expect(
      customerSearchText({ name: 'Ana', lastName: 'Ávila', secondLastName: null, phone: '5500000000' }),
    ).toBe('ana avila 5500000000');
    expect(customerSearchText({ name: 'Ana', lastName: 'Ávila', phone: '5500000000' })).toBe(
      'ana avila 5500000000',
    );
  });
});

describe('customerQueryTerm', () => {
  it('normalises text like the stored search text', () => {
    expect(customerQueryTerm(' JOSÉ  Gómez ')).toBe('jose gomez');
  });

  it('reduces a phone typed with separators to its digits', () => {
    expect(customerQueryTerm('(55) 1234-5678')).toBe('5512345678');
    expect(customerQueryTerm('55 12')).toBe('5512');
    expect(customerQueryTerm('1003')).toBe('1003');
    expect(customerQueryTerm('calle 5')).toBe('calle 5');
    expect(customerQueryTerm('-')).toBe('-');
  });
});

describe('curpPrefix', () => {
  it('reads a term shaped like the start of a CURP as its upper-case prefix', () => {
    expect(curpPrefix('gomj800101hdfmrs02')).toBe('GOMJ800101HDFMRS02');
    expect(curpPrefix('gomj8001')).toBe('GOMJ8001');
    expect(curpPrefix('ruiz')).toBe('RUIZ');
  });

  it('leaves out numbers, phones, short or spaced terms and anything longer than a CURP', () => {
    for (const term of ['850312', '5512345678', 'gom', 'jose gomez', '8gomj', 'gomj800101hdfmrs021', 'gó']) {
      expect(curpPrefix(term)).toBeUndefined();
    }
  });
});
