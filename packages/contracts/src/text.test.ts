import { describe, expect, it } from 'vitest';
import { bankAccountCreate } from './bank-accounts.ts';
import { pagedQuery } from './common.ts';
import { addressInput, customerInput } from './customers.ts';
import { isAllowedText, optionalText, queryText, requiredText, textMessages } from './text.ts';
import { userCreate } from './users.ts';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('isAllowedText', () => {
  it.each([
    ['a lone high surrogate', 'Ana\ud800'],
    ['a lone low surrogate', '\udc00Ana'],
    ['NUL', 'A\u0000'],
    ['a bell (C0)', 'A\u0007'],
    ['a tab', 'A\tB'],
    ['a line feed', 'A\nB'],
    ['DEL', 'A\u007F'],
    ['a C1 control (NEL)', 'A\u0085'],
    ['the line separator', 'A\u2028B'],
    ['the paragraph separator', 'A\u2029B'],
    ['the Arabic letter mark', 'A\u061C'],
    ['LRM', 'A\u200E'],
    ['RLM', 'A\u200F'],
    ['LRE', 'A\u202A'],
    ['RLO (right-to-left override)', 'A\u202E'],
    ['LRI', 'A\u2066'],
    ['PDI', 'A\u2069'],
    ['the replacement character', 'A\uFFFD'],
    ['a noncharacter in the BMP block', 'A\uFDD0'],
    ['U+FFFE', 'A\uFFFE'],
    ['U+FFFF', 'A\uFFFF'],
    ['an astral noncharacter (U+1FFFF)', 'A\u{1FFFF}'],
  ])('refuses %s', (_label, text) => {
    expect(isAllowedText(text)).toBe(false);
  });

  it.each([
    ['Spanish letters', 'José Ñúñez Güemes'],
    ['punctuation people type', "O'Brien-Pérez, Av. 5 #12 (int. 4B)"],
    ['an emoji (a valid surrogate pair)', 'Lucía 😀'],
    ['a joined emoji (ZWJ sequence)', '👩‍👩‍👧'],
    ['Arabic and Hebrew letters (no bidi controls)', 'سلام שלום'],
    ['an empty string', ''],
  ])('allows %s', (_label, text) => {
    expect(isAllowedText(text)).toBe(true);
  });
});

describe('textMessages', () => {
  it('agrees with the label in gender and number', () => {
    expect(textMessages({ label: 'El nombre', max: 80 })).toEqual({
      required: 'El nombre es requerido',
      tooLong: 'El nombre admite como máximo 80 caracteres',
      forbidden: 'El nombre contiene caracteres no permitidos',
    });
    expect(textMessages({ label: 'La calle', feminine: true, max: 120 }).required).toBe(
      'La calle es requerida',
    );
    expect(textMessages({ label: 'Los apellidos', plural: true, max: 80 })).toEqual({
      required: 'Los apellidos son requeridos',
      tooLong: 'Los apellidos admiten como máximo 80 caracteres',
      forbidden: 'Los apellidos contienen caracteres no permitidos',
    });
  });
});

describe('requiredText', () => {
  const name = requiredText({ label: 'El nombre', max: 80 });

  it('trims, then gives one message per problem', () => {
    expect(name.parse('  Ana  ')).toBe('Ana');
    expect(name.safeParse('').error?.issues.map((i) => i.message)).toEqual(['El nombre es requerido']);
    expect(name.safeParse('   ').error?.issues.map((i) => i.message)).toEqual(['El nombre es requerido']);
    expect(name.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual(['El nombre es requerido']);
    expect(name.safeParse('a'.repeat(81)).error?.issues.map((i) => i.message)).toEqual([
      'El nombre admite como máximo 80 caracteres',
    ]);
    expect(name.safeParse(`${'a'.repeat(81)}\u202E`).error?.issues.map((i) => i.message)).toEqual([
      'El nombre admite como máximo 80 caracteres',
    ]);
    expect(name.safeParse('Ana\u202E').error?.issues.map((i) => i.message)).toEqual([
      'El nombre contiene caracteres no permitidos',
    ]);
    expect(name.parse('a'.repeat(80))).toHaveLength(80);
  });

  it('with `min`, a value shorter once trimmed gets its own message, after the others', () => {
    const reason = requiredText({ label: 'El motivo', min: 3, max: 300 });
    const messages = (value: unknown) => reason.safeParse(value).error?.issues.map((i) => i.message);
    expect(reason.parse(' abc ')).toBe('abc');
    expect(messages('  ab  ')).toEqual(['El motivo debe tener al menos 3 caracteres']);
    expect(messages('')).toEqual(['El motivo es requerido']);
    expect(messages('a\u202E')).toEqual(['El motivo contiene caracteres no permitidos']);
    expect(messages('x'.repeat(301))).toEqual(['El motivo admite como máximo 300 caracteres']);
  });
});

describe('optionalText and queryText', () => {
  it('optional: blank is null, forbidden characters are refused', () => {
    const interior = optionalText({ label: 'El No. Interior', max: 20 });
    expect(interior.parse('  ')).toBeNull();
    expect(interior.parse(undefined)).toBeNull();
    expect(interior.parse(' 4B ')).toBe('4B');
    expect(interior.safeParse('4\u0000B').error?.issues[0]?.message).toBe(
      'El No. Interior contiene caracteres no permitidos',
    );
    expect(interior.safeParse('x'.repeat(21)).error?.issues[0]?.message).toBe(
      'El No. Interior admite como máximo 20 caracteres',
    );
  });

  it('query: blank means no filter, forbidden characters are refused', () => {
    const query = queryText({ label: 'La búsqueda', feminine: true, max: 100 });
    expect(query.parse(' gomez ')).toBe('gomez');
    expect(query.parse(undefined)).toBeUndefined();
    expect(query.safeParse('a\u202Eb').error?.issues[0]?.message).toBe(
      'La búsqueda contiene caracteres no permitidos',
    );
  });
});

describe('every free-text field of the request schemas uses the rule', () => {
  const bad = 'Ana\u202E';
  it('customers, addresses, bank accounts, users, paged searches', () => {
    expect(
      messagesOf(
        customerInput.safeParse({
          name: bad,
          lastName: bad,
          secondLastName: bad,
          phone: '5512345678',
          curp: 'GOMJ800101HDFMRS0\u202E',
        }),
      ),
    ).toEqual([
      ['name', 'El nombre contiene caracteres no permitidos'],
      ['lastName', 'Ap. Paterno contiene caracteres no permitidos'],
      ['secondLastName', 'Ap. Materno contiene caracteres no permitidos'],
      ['curp', 'CURP contiene caracteres no permitidos'],
    ]);
    expect(
      messagesOf(
        addressInput.safeParse({
          street: bad,
          numExterior: bad,
          numInterior: bad,
          neighborhood: bad,
          city: bad,
          state: 'PUEBLA',
          postalCode: '72000',
        }),
      ),
    ).toEqual([
      ['street', 'La calle contiene caracteres no permitidos'],
      ['numExterior', 'El No. Exterior contiene caracteres no permitidos'],
      ['numInterior', 'El No. Interior contiene caracteres no permitidos'],
      ['neighborhood', 'La Colonia contiene caracteres no permitidos'],
      ['city', 'La Ciudad contiene caracteres no permitidos'],
    ]);
    expect(
      messagesOf(bankAccountCreate.safeParse({ name: bad, bankName: bad, customerName: bad, balance: 0 })),
    ).toEqual([
      ['name', 'El nombre contiene caracteres no permitidos'],
      ['bankName', 'El banco contiene caracteres no permitidos'],
      ['customerName', 'El titular contiene caracteres no permitidos'],
    ]);
    expect(
      messagesOf(
        userCreate.safeParse({
          name: bad,
          lastName: bad,
          username: 'a@b.mx',
          password: 'secreto123',
          pin: '2580',
          roles: ['ROLE_USER'],
        }),
      ),
    ).toEqual([
      ['name', 'El nombre contiene caracteres no permitidos'],
      ['lastName', 'Los apellidos contienen caracteres no permitidos'],
    ]);
    expect(messagesOf(pagedQuery.safeParse({ query: bad, q: bad }))).toEqual([
      ['query', 'La búsqueda contiene caracteres no permitidos'],
      ['q', 'La búsqueda contiene caracteres no permitidos'],
    ]);
  });
});
