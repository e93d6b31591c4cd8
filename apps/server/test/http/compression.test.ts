import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { customersApi } from '../support/api.ts';
import { createAdmin, expectProblem, request, useTestApp } from '../support/app.ts';
import { newCustomer } from '../support/builders.ts';

const context = useTestApp();

/** GET /customers as a client that sends `acceptEncoding` (none: no header at all). */
const listCustomers = (token: string, query: string, acceptEncoding?: string) =>
  request(context.app, {
    method: 'GET',
    url: `/api/v1/customers${query}`,
    token,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

/** A page of customers: well over the 1 KiB under which replies go out as they are. */
async function customersPage() {
  const admin = await createAdmin(context);
  for (let i = 0; i < 12; i++) await customersApi(context).createOk(admin.token, { name: `Compresión${i}` });
  const get = (encoding?: string) => listCustomers(admin.token, '?page=1&size=20', encoding);
  return { get, plain: await get() };
}

describe('replies are compressed for clients that accept it', () => {
  it('a page of JSON goes out as brotli, else gzip, and reads back as the same JSON', async () => {
    const { get, plain } = await customersPage();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());

    // A client that asks for none, or only for what the server does not offer, gets it as it is.
    for (const encoding of ['identity', 'compress']) {
      const response = await get(encoding);
      expect(response.headers['content-encoding'], encoding).toBeUndefined();
      expect(response.json(), encoding).toEqual(plain.json());
    }
  });

  it('small replies and problems go out as they are', async () => {
    const admin = await createAdmin(context);
    const small = await listCustomers(admin.token, '?page=1&size=1', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    const problem = await listCustomers(admin.token, '?page=0', 'br, gzip');
    expectProblem(problem, 400);
    expect(problem.headers['content-encoding']).toBeUndefined();
  });

  it('a compressed request body is refused, never inflated, and creates nothing', async () => {
    const admin = await createAdmin(context);
    const count = async () =>
      (await customersApi(context).list(admin.token, '?size=1')).json().totalDocuments;
    const before = await count();
    const response = await request(context.app, {
      method: 'POST',
      url: '/api/v1/customers',
      token: admin.token,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(newCustomer({ name: 'Comprimido' }))),
    });
    expectProblem(response, 400);
    expect(await count()).toBe(before);
  });
});
