import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { blockEnd, blockStart, slotMark } from '@prestaya/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, expectProblem, request, useTestApp } from './support/app.ts';
import { fakeWebDist } from './support/web-dist.ts';

const context = useTestApp({ webDist: fakeWebDist() });

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('the built web app', () => {
  it('serves index.html at / without caching', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client-side routes', async () => {
    for (const url of [
      '/admin/users',
      '/auth/login',
      '/loans/0190d3a4-0000-7000-8000-000000000000',
      '/consulta?x=1',
    ]) {
      const response = await context.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('does not answer index.html for API paths, missing assets or non-HTML requests', async () => {
    expectProblem(await context.app.inject({ method: 'GET', url: '/api/v1/nope', headers: html }), 404);
    expectProblem(await context.app.inject({ method: 'GET', url: '/assets/missing.js' }), 404);
    expectProblem(
      await context.app.inject({
        method: 'GET',
        url: '/admin/users',
        headers: { accept: 'application/json' },
      }),
      404,
    );
    expectProblem(await context.app.inject({ method: 'POST', url: '/admin/users', headers: html }), 404);
  });

  it('sends the pre-compressed file when the browser accepts it', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload).toEqual(brotliCompressSync('console.log("app")'));
  });

  it('answers a range the file cannot satisfy with a 416 problem', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { range: 'bytes=9999-10000' },
    });
    expectProblem(response, 416, 'El rango solicitado no existe en el archivo');
  });

  it('caches hashed assets for a year', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('two documents: the back office and the public pages', () => {
  const twoDocs = mkdtempSync(join(tmpdir(), 'prestaya-web-'));
  writeFileSync(join(twoDocs, 'index.html'), '<!doctype html><title>Back office</title>');
  writeFileSync(join(twoDocs, 'public.html'), '<!doctype html><title>Public</title>');
  afterAll(() => rmSync(twoDocs, { recursive: true, force: true }));
  const twoDocsContext = useTestApp({ webDist: twoDocs });

  it('sends public.html outside /admin and /auth, index.html inside', async () => {
    const expected: Record<string, string> = {
      '/': 'Public',
      '/consulta': 'Public',
      '/consulta?num=1': 'Public',
      '/loans/0190d3a4-0000-7000-8000-000000000000': 'Public',
      '/no-existe': 'Public',
      '/administrar': 'Public',
      '/admin': 'Back office',
      '/admin/users': 'Back office',
      '/auth': 'Back office',
      '/auth/login': 'Back office',
    };
    for (const [url, title] of Object.entries(expected)) {
      const response = await twoDocsContext.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<title>${title}</title>`);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe("the borrower's pages, each with its own prerendered document", () => {
  const dist = mkdtempSync(join(tmpdir(), 'prestaya-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Back office</title>');
  writeFileSync(join(dist, 'public.html'), '<!doctype html><title>Public</title>');
  mkdirSync(join(dist, 'pages'));
  for (const page of ['consulta', 'loan'])
    writeFileSync(join(dist, 'pages', `${page}.html`), `<!doctype html><title>${page}</title>`);
  // As the build writes it (apps/web src/public/prerender.tsx): the contact section with its marks.
  writeFileSync(
    join(dist, 'pages', 'landing.html'),
    '<!doctype html><title>landing</title><main>' +
      `${blockStart('contact')}<section>${blockStart('phone')}<a href="${slotMark('phoneHref')}">Teléfono ` +
      `${slotMark('phone')}</a>${blockEnd('phone')}${blockStart('hours')}<p>${slotMark('hours')}</p>` +
      `${blockEnd('hours')}</section>${blockEnd('contact')}</main>`,
  );
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const pagesContext = useTestApp({ webDist: dist });

  it('sends /, /consulta and /loans/:id their own document, public.html for any other public path', async () => {
    const expected: Record<string, string> = {
      '/': 'landing',
      '/consulta': 'consulta',
      '/consulta/': 'consulta',
      '/consulta?num=1': 'consulta',
      '/loans/0190d3a4-0000-7000-8000-000000000000': 'loan',
      '/loans/0190d3a4-0000-7000-8000-000000000000/': 'loan',
      '/loans/': 'Public',
      '/loans/a/b': 'Public',
      '/consultas': 'Public',
      '/no-existe': 'Public',
      '/admin/users': 'Back office',
      '/auth/login': 'Back office',
    };
    for (const [url, title] of Object.entries(expected)) {
      const response = await pagesContext.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<title>${title}</title>`);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
  it("writes the business's data into the landing as it serves it, and nothing when none is set", async () => {
    const landing = async () => {
      const response = await pagesContext.app.inject({ method: 'GET', url: '/', headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      return response.body;
    };
    expect(await landing()).toBe('<!doctype html><title>landing</title><main></main>');

    const admin = await createAdmin(pagesContext);
    const saved = await request(pagesContext.app, {
      method: 'PUT',
      url: '/api/v1/settings/business',
      token: admin.token,
      payload: { phone: '5587654321', hours: 'Lunes <a> viernes' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await landing()).toBe(
      '<!doctype html><title>landing</title><main><section><a href="tel:+525587654321">Teléfono ' +
        '55 8765 4321</a><p>Lunes &lt;a&gt; viernes</p></section></main>',
    );
  });

  it("has the browser fetch a statement's data with its document, and nothing for other pages", async () => {
    const id = '0190d3a4-0000-7000-8000-00000000abcd';
    const preload = `</public/api/v1/loans/${id}>; rel=preload; as=fetch; crossorigin=anonymous`;
    for (const url of [`/loans/${id}`, `/loans/${id}/`, `/loans/${id}?x=1`]) {
      const response = await pagesContext.app.inject({ method: 'GET', url, headers: html });
      expect(response.body, url).toContain('<title>loan</title>');
      expect(response.headers.link, url).toBe(preload);
    }
    // An address that is not a loan id is never echoed into a header; other pages preload nothing.
    for (const url of [
      '/loans/abc',
      '/loans/%3Cscript%3E',
      `/loans/${id}x`,
      '/consulta',
      '/',
      '/admin/users',
    ]) {
      const response = await pagesContext.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.link, url).toBeUndefined();
    }
  });
});
