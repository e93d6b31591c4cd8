import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, expectProblem, request, type TestUser, useTestApp } from '../support/app.ts';
import { newAccount, newAddress, newCustomer } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';

/**
 * Text that would be stored differently from what was sent, or would read differently on screen, is
 * refused with a 400 naming the field, and nothing is written. Raw bytes are sent as they are (app.inject
 * with a Buffer), so broken UTF-8 reaches the JSON body parser exactly as a hostile client sends it.
 */
const context = useTestApp();
let admin: TestUser;
let customerId: string;
let accountId: string;

/** Creates a record as the administrator and returns its id. */
async function created(url: string, payload: object): Promise<string> {
  const response = await request(context.app, { method: 'POST', url, token: admin.token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

beforeEach(async () => {
  admin = await createAdmin(context);
  customerId = await created('/api/v1/customers', newCustomer());
  accountId = await created('/api/v1/bank-accounts', newAccount());
});

interface Target {
  label: string;
  method: 'POST' | 'PATCH';
  url: () => string;
  payload: () => Record<string, unknown>;
  field: string;
  /** The field's Spanish label as its messages start. */
  fieldLabel: string;
  verb: 'contiene' | 'contienen';
  table: string;
}

const targets: Target[] = [
  {
    label: 'customers',
    method: 'POST',
    url: () => '/api/v1/customers',
    payload: () => newCustomer(),
    field: 'name',
    fieldLabel: 'El nombre',
    verb: 'contiene',
    table: 'customers',
  },
  {
    label: 'addresses',
    method: 'POST',
    url: () => `/api/v1/customers/${customerId}/addresses`,
    payload: () => newAddress(),
    field: 'street',
    fieldLabel: 'La calle',
    verb: 'contiene',
    table: 'addresses',
  },
  {
    label: 'bank accounts',
    method: 'POST',
    url: () => '/api/v1/bank-accounts',
    payload: () => newAccount(),
    field: 'customerName',
    fieldLabel: 'El titular',
    verb: 'contiene',
    table: 'bank_accounts',
  },
  {
    label: 'movement reasons',
    method: 'PATCH',
    url: () => `/api/v1/bank-accounts/${accountId}`,
    payload: () => ({ deposit: 100, reason: 'Depósito' }),
    field: 'reason',
    fieldLabel: 'El concepto',
    verb: 'contiene',
    table: 'account_transactions',
  },
  {
    label: 'users',
    method: 'POST',
    url: () => '/api/v1/users',
    payload: () => ({
      name: 'Ana',
      lastName: 'Pérez',
      username: 'ana.perez@prestaya.mx',
      password: 'secreto123',
      pin: '2580',
      roles: ['ROLE_USER'],
    }),
    field: 'lastName',
    fieldLabel: 'Los apellidos',
    verb: 'contienen',
    table: 'users',
  },
];

/** The payload as JSON bytes with `inserted` (raw bytes) in the middle of `field`'s text. */
function bodyWith(target: Target, inserted: Buffer): Buffer {
  const json = JSON.stringify({ ...target.payload(), [target.field]: 'Ana@@HERE@@Luz' });
  const [before = '', after = ''] = json.split('@@HERE@@');
  return Buffer.concat([Buffer.from(before), inserted, Buffer.from(after)]);
}

function send(target: Target, body: Buffer | Record<string, unknown>) {
  return request(context.app, {
    method: target.method,
    url: target.url(),
    token: admin.token,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
}

async function rowCount(table: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await context.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
  );
  return rows[0]?.n ?? -1;
}

/** Characters the text rule refuses, as they appear inside a JSON string. */
const refusedCharacters: [label: string, json: string][] = [
  ['a lone surrogate ("\\ud800")', '\\ud800'],
  ['U+202E (right-to-left override)', '\u202E'],
  ['U+2066 (left-to-right isolate)', '\u2066'],
  ['a C0 control (U+0007)', '\\u0007'],
  ['a C1 control (U+0085)', '\u0085'],
  ['U+FFFD itself', '\uFFFD'],
  ['a noncharacter (U+FDD0)', '\uFDD0'],
];

/** Bytes that are not UTF-8: refused before any field exists. */
const brokenBytes: [label: string, bytes: number[]][] = [
  ['raw ED A0 80 (an encoded surrogate)', [0xed, 0xa0, 0x80]],
  ['raw C0 80 (an overlong NUL)', [0xc0, 0x80]],
];

describe.each(targets)('$label', (target) => {
  it.each(refusedCharacters)('refuses %s naming the field, storing nothing', async (_label, json) => {
    const before = await rowCount(target.table);
    const message = `${target.fieldLabel} ${target.verb} caracteres no permitidos`;
    const problem = expectProblem(
      await send(target, bodyWith(target, Buffer.from(json))),
      400,
      `${target.field}: ${message}`,
    );
    expect(problem.errors).toEqual([{ field: target.field, message }]);
    expect(await rowCount(target.table)).toBe(before);
  });

  it.each(brokenBytes)('refuses %s as a body that is not UTF-8, storing nothing', async (_label, bytes) => {
    const before = await rowCount(target.table);
    expectProblem(
      await send(target, bodyWith(target, Buffer.from(bytes))),
      400,
      'El cuerpo de la solicitud no es UTF-8 válido',
    );
    expect(await rowCount(target.table)).toBe(before);
  });

  it('accepts accents, ñ, apostrophes and emoji (the refusal is not blanket)', async () => {
    const before = await rowCount(target.table);
    const response = await send(target, bodyWith(target, Buffer.from(" Ñúñez-O'Brien 😀 ")));
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(await rowCount(target.table)).toBe(before + 1);
  });
});

describe('each length limit has its own message', () => {
  const cases: [label: string, target: Target | undefined, field: string, length: number, message: string][] =
    [
      ['customer name', targets[0], 'name', 81, 'El nombre admite como máximo 80 caracteres'],
      ['customer name, empty', targets[0], 'name', 0, 'El nombre es requerido'],
      ['address street', targets[1], 'street', 121, 'La calle admite como máximo 120 caracteres'],
      ['account name', targets[2], 'name', 81, 'El nombre admite como máximo 80 caracteres'],
      ['movement reason', targets[3], 'reason', 201, 'El concepto admite como máximo 200 caracteres'],
      ['user last name', targets[4], 'lastName', 81, 'Los apellidos admiten como máximo 80 caracteres'],
    ];
  it.each(cases)('%s', async (_label, target, field, length, message) => {
    if (!target) throw new Error('unknown target');
    const before = await rowCount(target.table);
    const problem = expectProblem(
      await send(target, { ...target.payload(), [field]: 'a'.repeat(length) }),
      400,
      `${field}: ${message}`,
    );
    expect(problem.errors).toEqual([{ field, message }]);
    expect(await rowCount(target.table)).toBe(before);
  });
});

// A broken percent escape (`%ED%A0%80`) is not decoded at all by Fastify's query parser: it is
// searched for as the literal text typed, never turned into U+FFFD, so it needs no refusal.
describe('search queries', () => {
  const escapes = { 'U+202E': '%E2%80%AE', 'a NUL': '%00', 'U+FFFD': '%EF%BF%BD' };
  it.each(Object.entries(escapes))('refuse %s in `query` with a 400 naming it', async (_label, escaped) => {
    const problem = expectProblem(
      await request(context.app, {
        method: 'GET',
        url: `/api/v1/customers?query=Ana${escaped}`,
        token: admin.token,
      }),
      400,
      'query: La búsqueda contiene caracteres no permitidos',
    );
    expect(problem.errors).toEqual([
      { field: 'query', message: 'La búsqueda contiene caracteres no permitidos' },
    ]);
  });
});
