import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listCustomers } from '../../src/modules/customers/list.ts';
import { moreNameMatchesThan } from '../../src/modules/customers/search.ts';
import { customersApi } from '../support/api.ts';
import { createAdmin, createUserAndLogin, expectProblem, type TestUser, useTestApp } from '../support/app.ts';

const context = useTestApp();
const api = customersApi(context);

/**
 * Five customers, numbered 1..5 in this order. No phone contains the digits 2 or 4, so a query '2' or
 * '4' can only match a customer number.
 */
async function seed(): Promise<TestUser> {
  const admin = await createAdmin(context);
  const people = [
    { name: 'José', lastName: 'Gómez', secondLastName: 'Núñez', phone: '5517171717' },
    { name: 'Jose', lastName: 'Pérez', secondLastName: 'Ruiz', phone: '3399990000' },
    { name: 'Ana', lastName: 'Álvarez', secondLastName: null, phone: '8199761133' },
    { name: 'María', lastName: 'Peña', secondLastName: null, phone: '3366667777' },
    { name: 'Sofía', lastName: 'Del_Río', secondLastName: null, phone: '8188880000' },
  ];
  for (const person of people) await api.createOk(admin.token, person);
  return admin;
}

type ListBody = { data: { num: number; name: string; lastName: string }[] };
const nums = async (token: string, query: string) => {
  const response = await api.list(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ListBody).data.map((c) => c.num);
};
const search = (token: string, text: string) => nums(token, `?query=${encodeURIComponent(text)}`);

describe('GET /api/v1/customers search', () => {
  it('ignores accents and case both ways', async () => {
    const admin = await seed();
    expect(await search(admin.token, 'gomez')).toEqual([1]);
    expect(await search(admin.token, 'GÓMEZ')).toEqual([1]);
    expect(await search(admin.token, 'JOSÉ')).toEqual([1, 2]); // 'JOSÉ' finds 'Jose' too
    expect(await search(admin.token, 'jose')).toEqual([1, 2]);
    expect(await search(admin.token, 'Perez')).toEqual([2]);
    expect(await search(admin.token, 'pena')).toEqual([4]); // ñ → n
    expect(await search(admin.token, 'ÁLVAREZ')).toEqual([3]);
    expect(await search(admin.token, 'alvárez')).toEqual([3]);
  });

  it('matches first name, both last names and across them, with the query trimmed', async () => {
    const admin = await seed();
    expect(await search(admin.token, 'nunez')).toEqual([1]);
    expect(await search(admin.token, 'ruiz')).toEqual([2]);
    expect(await search(admin.token, '  jose   perez ')).toEqual([2]);
    expect(await search(admin.token, 'maría peña')).toEqual([4]);
    expect(await search(admin.token, 'ez')).toEqual([1, 2, 3]);
    expect(await search(admin.token, 'xyz')).toEqual([]);
  });

  it('finds a phone by a fragment, also typed with separators', async () => {
    const admin = await seed();
    expect(await search(admin.token, '7611')).toEqual([3]);
    expect(await search(admin.token, '1717')).toEqual([1]);
    expect(await search(admin.token, '(81) 9976-1133')).toEqual([3]);
    expect(await search(admin.token, '33')).toEqual([2, 3, 4]);
  });

  it('matches the customer number exactly when the query is numeric, without overflowing', async () => {
    const admin = await seed();
    expect(await search(admin.token, '2')).toEqual([2]);
    expect(await search(admin.token, '4')).toEqual([4]);
    expect(await search(admin.token, '5')).toEqual([1, 5]); // num 5, and José's phone contains a 5
    expect(await search(admin.token, '99999999999999999999')).toEqual([]);
  });

  it('treats LIKE wildcards and backslashes as literal characters', async () => {
    const admin = await seed();
    expect(await search(admin.token, 'del_rio')).toEqual([5]);
    expect(await search(admin.token, 'a_a')).toEqual([]); // would match 'ana' as a wildcard
    expect(await search(admin.token, 'del%')).toEqual([]);
    expect(await search(admin.token, '%')).toEqual([]);
    expect(await search(admin.token, '_')).toEqual([5]);
    expect(await search(admin.token, '\\')).toEqual([]);
    // A control character is no text anyone types: refused like in every other text (contracts text.ts).
    expect((await api.list(admin.token, `?query=${encodeURIComponent('\u0000')}`)).statusCode).toBe(400);
  });

  it('returns list items with the agent summary and nothing internal', async () => {
    const admin = await seed();
    const response = await api.list(admin.token, '?query=gomez');
    const [item] = response.json().data;
    expect(Object.keys(item).sort()).toEqual(
      [
        'agent',
        'createdOn',
        'curp',
        'currentLoan',
        'id',
        'lastName',
        'name',
        'num',
        'phone',
        'secondLastName',
        'status',
      ].sort(),
    );
    expect(item.agent).toEqual({
      id: admin.id,
      num: admin.num,
      name: 'Usuario',
      lastName: expect.any(String),
    });
    expect(item.status).toBe('PENDING');
    expect(item.currentLoan).toBeNull();
  });
});

describe('GET /api/v1/customers paging and ordering', () => {
  it('pages by num ascending by default with the totals', async () => {
    const admin = await seed();
    const first = await api.list(admin.token, '?page=1&size=2');
    expect(first.json()).toMatchObject({ page: 1, size: 2, totalDocuments: 5, totalPages: 3 });
    expect(first.json().data.map((c: { num: number }) => c.num)).toEqual([1, 2]);
    expect(await nums(admin.token, '?page=3&size=2')).toEqual([5]);
    const beyond = await api.list(admin.token, '?page=9&size=2');
    expect(beyond.json()).toMatchObject({ data: [], page: 9, totalDocuments: 5, totalPages: 3 });
    const filtered = await api.list(admin.token, '?query=jose&size=1');
    expect(filtered.json()).toMatchObject({ totalDocuments: 2, totalPages: 2 });
    expect(filtered.json().data.map((c: { num: number }) => c.num)).toEqual([1]);
    const none = await api.list(admin.token, '?query=xyz');
    expect(none.json()).toEqual({
      data: [],
      page: 1,
      size: 10,
      totalDocuments: 0,
      totalPages: 0,
      totalCapped: false,
    });
  });

  it('orders by full name or last names ignoring accents, in either direction', async () => {
    const admin = await seed();
    expect(await nums(admin.token, '?orderBy=name')).toEqual([3, 1, 2, 4, 5]);
    expect(await nums(admin.token, '?orderBy=name&order=desc')).toEqual([5, 4, 2, 1, 3]);
    expect(await nums(admin.token, '?orderBy=lastName&order=asc')).toEqual([3, 5, 1, 4, 2]);
    expect(await nums(admin.token, '?orderBy=phone')).toEqual([4, 2, 1, 5, 3]);
    expect(await nums(admin.token, '?orderBy=num&order=desc')).toEqual([5, 4, 3, 2, 1]);
    expect(await nums(admin.token, '?orderBy=createdOn&order=desc')).toEqual([5, 4, 3, 2, 1]);
    expect(await nums(admin.token, '?query=jose&orderBy=name&order=desc')).toEqual([2, 1]);
  });

  it('sorts accented names where they belong, not after Z', async () => {
    const admin = await createAdmin(context);
    for (const person of [
      { name: 'Beto', lastName: 'Ruiz', secondLastName: null },
      { name: 'Ángel', lastName: 'Zúñiga', secondLastName: null },
      { name: 'Carla', lastName: 'Ávila', secondLastName: 'Ochoa' },
    ])
      await api.createOk(admin.token, person);
    expect(await nums(admin.token, '?orderBy=name')).toEqual([2, 1, 3]);
    expect(await nums(admin.token, '?orderBy=name&order=desc')).toEqual([3, 1, 2]);
    expect(await nums(admin.token, '?orderBy=lastName')).toEqual([3, 1, 2]);
  });

  it('refuses a column outside the allow-list with 400 naming orderBy', async () => {
    const admin = await seed();
    for (const bad of [
      'search_text',
      'searchText',
      'curp',
      'agentId',
      '__proto__',
      'num;drop table customers',
    ]) {
      const problem = expectProblem(await api.list(admin.token, `?orderBy=${encodeURIComponent(bad)}`), 400);
      expect(problem.errors?.map((e) => e.field)).toEqual(['orderBy']);
      expect(problem.detail).toContain('use uno de: num, name, lastName, phone, createdOn');
    }
  });

  it('filters by status with q and rejects an unknown one', async () => {
    const admin = await seed();
    expect(await nums(admin.token, '?q=PENDING&size=3')).toEqual([1, 2, 3]);
    expectProblem(await api.list(admin.token, '?q=ACTIVE'), 400, 'q: Estatus inválido');
  });

  it.each([
    ['page=0', 'page'],
    ['size=101', 'size'],
    ['order=up', 'order'],
    [`query=${'a'.repeat(101)}`, 'query'],
  ])('answers 400 for %s', async (query, field) => {
    const admin = await createAdmin(context);
    const problem = expectProblem(await api.list(admin.token, `?${query}`), 400);
    expect(problem.errors?.map((e) => e.field)).toEqual([field]);
  });
});

describe('the total of a text search', () => {
  const page = (query: string, size: number) => ({ page: 1, size, order: 'asc' as const, query });

  it('is exact up to the cap and the cap past it; the rows stay the same', async () => {
    const admin = await seed();
    const actor = { id: admin.id, roles: ['ROLE_ADMIN'] as const };
    const db = context.database.db;
    // 'ez' matches customers 1, 2 and 3.
    const capped = await listCustomers(db, actor, page('ez', 1), { searchCountCap: 2 });
    expect(capped).toMatchObject({ totalDocuments: 2, totalPages: 2, totalCapped: true });
    expect(capped.data.map((c) => c.num)).toEqual([1]);
    const second = await listCustomers(db, actor, { ...page('ez', 1), page: 3 }, { searchCountCap: 2 });
    expect(second.data.map((c) => c.num)).toEqual([3]);
    expect(await listCustomers(db, actor, page('ez', 1), { searchCountCap: 3 })).toMatchObject({
      totalDocuments: 3,
      totalPages: 3,
      totalCapped: false,
    });
    // A page that is not full proves its total: no count, exact whatever the cap.
    expect(await listCustomers(db, actor, page('ez', 10), { searchCountCap: 2 })).toMatchObject({
      totalDocuments: 3,
    });
    // With at most the cap of matches the page is sorted from their ids: same pages, in every order.
    for (const order of [
      { order: 'asc' as const },
      { order: 'desc' as const },
      { order: 'asc' as const, orderBy: 'name' },
    ]) {
      const walk = async (searchCountCap: number) => {
        const seen: number[] = [];
        for (const p of [1, 2, 3, 4]) {
          const listed = await listCustomers(
            db,
            actor,
            { ...page('ez', 1), ...order, page: p },
            { searchCountCap },
          );
          seen.push(...listed.data.map((c) => c.num));
        }
        return seen;
      };
      const dense = await walk(2);
      expect(dense).toHaveLength(3);
      expect(await walk(3)).toEqual(dense);
    }
    // Without a text search the list is counted in full.
    expect(
      await listCustomers(db, actor, { page: 1, size: 1, order: 'asc' }, { searchCountCap: 2 }),
    ).toMatchObject({ totalDocuments: 5 });
  });
});

describe('a name search that the word starts prove common', () => {
  const page = (query: string, size: number, extra: object = {}) => ({
    page: 1,
    size,
    order: 'asc' as const,
    query,
    ...extra,
  });

  /**
   * 'cruz' starts a word of customers 1, 2, 3 (its sixth word) and 5 ('Cruzado'); customer 4 has it
   * only inside a word ('Veracruz'): only the trigram search or the walk finds them.
   */
  async function seedCruz(): Promise<TestUser> {
    const admin = await createAdmin(context);
    const people = [
      { name: 'Cruz', lastName: 'Flores', secondLastName: null, phone: '5510000001' },
      { name: 'Ana', lastName: 'De la Cruz', secondLastName: null, phone: '5510000002' },
      { name: 'María de la Luz', lastName: 'Santa Cruz', secondLastName: 'Gómez', phone: '5510000003' },
      { name: 'Pedro', lastName: 'Veracruz', secondLastName: null, phone: '5510000005' },
      { name: 'Luis', lastName: 'Cruzado', secondLastName: null, phone: '5510000006' },
      { name: 'Beto', lastName: 'Pérez', secondLastName: null, phone: '5510000007' },
    ];
    for (const person of people) await api.createOk(admin.token, person);
    return admin;
  }

  it('counts customers with a word that starts with the name, each once, up to the cap + 1', async () => {
    const admin = await createAdmin(context);
    for (const [name, lastName, secondLastName, phone] of [
      ['Ana', 'García', 'García', '5520000001'],
      ['Luis', 'García', null, '5520000002'],
      ['Eva', 'Segarcia', null, '5520000003'],
    ])
      await api.createOk(admin.token, { name, lastName, secondLastName, phone });
    const db = context.database.db;
    // Two customers start a word with 'garcía' (one of them twice); 'Segarcia' only contains it.
    expect(await moreNameMatchesThan(db, 'GARCÍA', 1)).toBe(true);
    expect(await moreNameMatchesThan(db, 'garcia', 2)).toBe(false);
    expect(await moreNameMatchesThan(db, 'ana garcia garcia', 0)).toBe(true);
    expect(await moreNameMatchesThan(db, 'ana garcia garcia', 1)).toBe(false);
    // A query with digits is a phone or a number, not a name: no answer.
    expect(await moreNameMatchesThan(db, '5520', 1)).toBeUndefined();
    expect(await moreNameMatchesThan(db, '   ', 1)).toBeUndefined();
  });

  it('pages every match in the list order, also those no word start holds', async () => {
    const admin = await seedCruz();
    const actor = { id: admin.id, roles: ['ROLE_ADMIN'] as const };
    const db = context.database.db;
    // Four word starts prove more than 3: the page walks the list order through every match.
    expect(await moreNameMatchesThan(db, 'cruz', 3)).toBe(true);
    expect(await moreNameMatchesThan(db, 'cruz', 4)).toBe(false);
    for (const [extra, expected] of [
      [{}, [1, 2, 3, 4, 5]],
      [{ order: 'desc' }, [5, 4, 3, 2, 1]],
      // By name: 'ana de la cruz', 'cruz flores', 'luis cruzado', 'maria de la luz…', 'pedro veracruz'.
      [{ orderBy: 'name' }, [2, 1, 5, 3, 4]],
    ] as const) {
      const seen: number[] = [];
      for (const p of [1, 2, 3]) {
        const listed = await listCustomers(
          db,
          actor,
          { ...page('Cruz', 2, extra), page: p },
          { searchCountCap: 2 },
        );
        if (p === 1) expect(listed).toMatchObject({ totalDocuments: 2, totalCapped: true });
        seen.push(...listed.data.map((c) => c.num));
      }
      expect(seen).toEqual(expected);
    }
    // Below the word starts' proof the search reads the trigram index: the same customers.
    const few = await listCustomers(db, actor, page('cruz', 10), { searchCountCap: 5 });
    expect(few).toMatchObject({ totalDocuments: 5, totalCapped: false });
    expect(few.data.map((c) => c.num)).toEqual([1, 2, 3, 4, 5]);
    // Two words typed: contained anywhere, also across a word that only ends with the first.
    expect(await search(admin.token, 'la cruz')).toEqual([2]);
    expect(await search(admin.token, 'ta cruz go')).toEqual([3]);
  });

  it('follows a rename and a removal, whatever code writes the customer', async () => {
    const admin = await createAdmin(context);
    await api.createOk(admin.token, {
      name: 'Zacarías',
      lastName: 'Yáñez',
      secondLastName: null,
      phone: '5530000001',
    });
    const db = context.database.db;
    expect(await moreNameMatchesThan(db, 'yanez', 0)).toBe(true);
    await db.execute(sql`update customers set name = 'Ximena', search_text = 'ximena yanez 5530000001'`);
    expect(await moreNameMatchesThan(db, 'zacarias', 0)).toBe(false);
    expect(await moreNameMatchesThan(db, 'ximena yanez', 0)).toBe(true);
    // Another column changing (the current loan's status does with every loan's) leaves them alone.
    await db.execute(sql`update customers set status = status`);
    expect(await moreNameMatchesThan(db, 'ximena', 0)).toBe(true);
    await db.execute(sql`delete from addresses`);
    await db.execute(sql`delete from customers`);
    expect(await moreNameMatchesThan(db, 'ximena', 0)).toBe(false);
  });

  it('leaves an agent on their own customers', async () => {
    const admin = await seedCruz();
    const agent = await createUserAndLogin(context);
    await api.createOk(admin.token, {
      name: 'Cruz',
      lastName: 'Ortiz',
      secondLastName: null,
      phone: '5510000008',
      agentId: agent.id,
    });
    const listed = await listCustomers(
      context.database.db,
      { id: agent.id, roles: ['ROLE_USER'] as const },
      page('cruz', 10),
      { searchCountCap: 1 },
    );
    expect(listed.data.map((c) => c.name)).toEqual(['Cruz']);
    expect(listed.data[0]?.lastName).toBe('Ortiz');
  });
});
