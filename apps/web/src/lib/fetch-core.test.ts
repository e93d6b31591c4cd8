import { describe, expect, it } from 'vitest';
import {
  GENERIC_ERROR,
  HttpError,
  NETWORK_ERROR,
  overNetwork,
  problemError,
  readBody,
} from './fetch-core.ts';

const fail = (status: number, detail: string, errors?: { field: string; message: string }[]) =>
  new HttpError(status, detail, errors);

const reply = (body: string, type = 'application/json', status = 200) =>
  new Response(body, { status, headers: { 'content-type': type } });

describe('problemError', () => {
  it("takes the problem's detail, else its title, and keeps only well-formed field errors", () => {
    const body = { detail: 'Ya existe', errors: [{ field: 'curp', message: 'Duplicada' }, { field: 1 }] };
    expect(problemError(409, body, fail)).toMatchObject({
      status: 409,
      detail: 'Ya existe',
      errors: [{ field: 'curp', message: 'Duplicada' }],
    });
    expect(problemError(400, { title: 'Solicitud inválida' }, fail).detail).toBe('Solicitud inválida');
  });

  it('says the generic text when the body is no problem', () => {
    expect(problemError(500, undefined, fail)).toMatchObject({
      status: 500,
      detail: GENERIC_ERROR,
      errors: [],
    });
    expect(problemError(502, '<html>', fail).detail).toBe(GENERIC_ERROR);
  });
});

describe('readBody', () => {
  it('parses JSON, passes other text as it is and reads an empty or broken JSON body as nothing', async () => {
    expect(await readBody(reply('{"a":1}'), fail)).toEqual({ a: 1 });
    expect(await readBody(reply('hola', 'text/plain'), fail)).toBe('hola');
    expect(await readBody(reply('{"a":'), fail)).toBeUndefined();
    expect(await readBody(new Response(null, { status: 204 }), fail)).toBeUndefined();
  });
});

describe('overNetwork', () => {
  it('turns a failure into status 0 with the network text, and lets an abort through', async () => {
    await expect(
      overNetwork(() => Promise.reject(new TypeError('Failed to fetch')), fail),
    ).rejects.toMatchObject({
      status: 0,
      detail: NETWORK_ERROR,
    });
    const abort = new DOMException('aborted', 'AbortError');
    await expect(overNetwork(() => Promise.reject(abort), fail)).rejects.toBe(abort);
  });
});
