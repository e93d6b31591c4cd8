import type { AmlCase, AmlMatch, Paged } from '@prestaya/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { importAmlList } from '../support/aml-lists.ts';
import { customersApi, staffCall } from '../support/api.ts';
import { expectProblem, useTestApp } from '../support/app.ts';
import { useLoanWorld } from '../support/worlds.ts';

/**
 * 'PLD' lists are paged like every list (docs/compliance.md): 'Coincidencias' one status at a time,
 * pending oldest first and resolved newest first; 'Casos' newest first, of one status or all. Pages
 * never overlap, the total counts the whole list, and a page size past the shared limit is a 400.
 * On PGlite and PostgreSQL.
 */
const context = useTestApp();
const world = useLoanWorld(context);
const customers = customersApi(context);

const aml = staffCall(() => context.app, '/aml');
const get = (url: string) => aml(world.admin.token, 'GET', url);
const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  aml(world.admin.token, method, url, payload);

function pageOf<T>(response: LightMyRequestResponse): Paged<T> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The page's rows by `name` and its paging fields. */
async function listed<T>(url: string, name: (row: T) => string) {
  const { data, ...paging } = pageOf<T>(await get(url));
  return { rows: data.map(name), ...paging };
}

const customerOf = (match: AmlMatch) => match.customer.name;
const descriptionOf = (item: AmlCase) => item.description;

describe('PLD: paged lists', () => {
  it("'Coincidencias': pages of one status in its order, with the status's total", async () => {
    const imported = await importAmlList(
      context,
      world.admin.token,
      'UIF paginada',
      'nombre,curp,rfc,lista,fecha\nAna Uno,,,UIF,\nBerta Dos,,,UIF,\nCarla Tres,,,UIF,\n',
    );
    expect(imported.statusCode, imported.body).toBe(201);
    // Each customer is screened when created: three matches found one after the other.
    for (const [name, lastName] of [
      ['Ana', 'Uno'],
      ['Berta', 'Dos'],
      ['Carla', 'Tres'],
    ])
      await customers.createOk(world.agent.token, { name, lastName, secondLastName: null });

    const open = (query: string) => listed(`/matches${query}`, customerOf);
    expect(await open('?size=2')).toEqual({
      rows: ['Ana', 'Berta'],
      page: 1,
      size: 2,
      totalDocuments: 3,
      totalPages: 2,
      totalCapped: false,
    });
    expect(await open('?status=OPEN&size=2&page=2')).toEqual({
      rows: ['Carla'],
      page: 2,
      size: 2,
      totalDocuments: 3,
      totalPages: 2,
      totalCapped: false,
    });
    // The default page: 10 rows of the pending ones.
    expect(await open('')).toMatchObject({ rows: ['Ana', 'Berta', 'Carla'], page: 1, size: 10 });

    const ids = new Map(pageOf<AmlMatch>(await get('/matches')).data.map((m) => [customerOf(m), m.id]));
    for (const name of ['Carla', 'Ana']) {
      const resolved = await send('PUT', `/matches/${ids.get(name)}/resolve`, { reason: 'Homónimo' });
      expect(resolved.statusCode, resolved.body).toBe(200);
    }
    // Resolved newest first: Ana (resolved last), then Carla.
    const resolved = (page: number) => listed(`/matches?status=RESOLVED&size=1&page=${page}`, customerOf);
    expect(await resolved(1)).toMatchObject({ rows: ['Ana'], totalDocuments: 2, totalPages: 2 });
    expect(await resolved(2)).toMatchObject({ rows: ['Carla'], totalDocuments: 2, totalPages: 2 });
    expect(await resolved(3)).toMatchObject({ rows: [], totalDocuments: 2, totalPages: 2 });
    expect(await open('?size=2')).toMatchObject({ rows: ['Berta'], totalDocuments: 1, totalPages: 1 });
  });

  it("'Casos': newest first, of one status or all, a page at a time", async () => {
    const opened: string[] = [];
    for (const description of ['Caso uno', 'Caso dos', 'Caso tres']) {
      const response = await send('POST', '/cases', { customerNum: world.customer.num, description });
      expect(response.statusCode, response.body).toBe(201);
      opened.push(response.json().data.id);
    }
    const closed = await send('PUT', `/cases/${opened[1]}/close`, { conclusion: 'Sin elementos' });
    expect(closed.statusCode, closed.body).toBe(200);

    const cases = (query: string) => listed(`/cases${query}`, descriptionOf);
    expect(await cases('?size=2')).toEqual({
      rows: ['Caso tres', 'Caso dos'],
      page: 1,
      size: 2,
      totalDocuments: 3,
      totalPages: 2,
      totalCapped: false,
    });
    expect(await cases('?size=2&page=2')).toMatchObject({ rows: ['Caso uno'], totalDocuments: 3 });
    expect(await cases('?status=OPEN&size=1')).toMatchObject({
      rows: ['Caso tres'],
      totalDocuments: 2,
      totalPages: 2,
    });
    expect(await cases('?status=OPEN&size=1&page=2')).toMatchObject({
      rows: ['Caso uno'],
      totalDocuments: 2,
    });
    expect(await cases('?status=CLOSED')).toMatchObject({ rows: ['Caso dos'], totalDocuments: 1, size: 10 });
  });

  it('refuses a page size past the limit of every list, and a page or status that is not one', async () => {
    for (const list of ['/matches', '/cases']) {
      expectProblem(await get(`${list}?size=101`), 400, /^size: /);
      expectProblem(await get(`${list}?size=0`), 400, /^size: /);
      expectProblem(await get(`${list}?page=0`), 400, /^page: /);
      expectProblem(await get(`${list}?status=OTRO`), 400, /^status: /);
    }
    expect(pageOf(await get('/matches?size=100')).size).toBe(100);
  });
});
