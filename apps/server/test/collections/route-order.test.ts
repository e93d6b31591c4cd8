import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { customersApi } from '../support/api.ts';
import { newAddress } from '../support/builders.ts';
import { expectCollectionDueFigures } from '../support/collection-due-invariant.ts';
import { namesOf, useCollectionsWorld } from '../support/collections-world.ts';
import type { ActiveLoan } from '../support/worlds.ts';

const { collections, context, loanDue, staff, tabOf } = useCollectionsWorld();

/**
 * 'Cobranza' reads as a route: postal code, colonia, last name, name (accents and case folded), then
 * the loan number; customers without an address last. Every loan here has installment 1 due today.
 *
 *   Dora Zamora    01000 Zona Centro
 *   Beto Ávila     03100 Álamos         (Álamos before Del Valle: the accent does not sort it last)
 *   Carla Ávila    03100 Álamos
 *   carla avila    03100 álamos         (the same once folded: the older loan number first)
 *   Ana Ortiz      03100 Álamos
 *   Zoe Ábrego     03100 Del Valle
 *   Eva Sin Casa   (no address)
 */
let carlas: ActiveLoan[];

const ALAMOS = { postalCode: '03100', neighborhood: 'Álamos' };

beforeEach(async () => {
  // Created out of order, so creation order cannot pass for route order.
  await loanDue(staff.admin, staff.ana, { name: 'Eva', lastName: 'Sin Casa' });
  await loanDue(staff.admin, staff.ana, {
    name: 'Zoe',
    lastName: 'Ábrego',
    address: { postalCode: '03100', neighborhood: 'Del Valle' },
    phone: '5598765432',
  });
  await loanDue(staff.admin, staff.ana, { name: 'Ana', lastName: 'Ortiz', address: ALAMOS });
  carlas = [
    await loanDue(staff.admin, staff.ana, { name: 'Carla', lastName: 'Ávila', address: ALAMOS }),
    await loanDue(staff.admin, staff.ana, {
      name: 'carla',
      lastName: 'avila',
      address: { postalCode: '03100', neighborhood: 'álamos' },
    }),
  ];
  await loanDue(staff.admin, staff.ana, { name: 'Beto', lastName: 'Ávila', address: ALAMOS });
  await loanDue(staff.admin, staff.ana, {
    name: 'Dora',
    lastName: 'Zamora',
    address: { postalCode: '01000', neighborhood: 'Zona Centro' },
  });
});

const ROUTE = ['Dora', 'Beto', 'Carla', 'carla', 'Ana', 'Zoe', 'Eva'];

describe('route order', () => {
  it('is postal code, colonia, last name, name, loan number; no address last', async () => {
    const page = await tabOf(staff.ana.token, 'today');
    expect(namesOf(page)).toEqual(ROUTE);
    // The two Carla Ávila: same address and name once folded, so by loan number.
    expect(page.data.slice(2, 4).map((card) => card.loan.num)).toEqual(carlas.map((c) => c.loan.num));
    expect(page.data[0]?.address).toEqual({
      street: 'Av. Insurgentes Sur',
      numExterior: '1602',
      numInterior: '4B',
      neighborhood: 'Zona Centro',
      city: 'Benito Juárez',
      state: 'CIUDAD DE MEXICO',
      postalCode: '01000',
    });
    expect(page.data.at(-1)?.address).toBeNull();
    // Every agent's view (an administrator without agentId) walks the same route off the customers'
    // route keys, with the same summary.
    const all = await tabOf(staff.admin.token, 'today');
    expect([all.data, all.summary, all.totalDocuments]).toEqual([
      page.data,
      page.summary,
      page.totalDocuments,
    ]);
  });

  it('the first address is the one a visit goes to', async () => {
    const [dora] = (await tabOf(staff.ana.token, 'today', '&query=dora')).data;
    await customersApi(context).addAddressOk(staff.ana.token, dora?.customer.id ?? '', {
      postalCode: '99999',
      neighborhood: 'Otra',
    });
    const again = await tabOf(staff.ana.token, 'today', '&query=dora');
    expect(again.data[0]?.address?.postalCode).toBe('01000');
    expect(namesOf(await tabOf(staff.admin.token, 'today'))).toEqual(ROUTE);
    await expectCollectionDueFigures(context.database.db);

    // Her first address moved to another colonia, then removed: the route follows, whoever wrote it.
    const api = customersApi(context);
    const id = dora?.customer.id ?? '';
    const [first] = rowsOf<{ id: string }>(
      await context.database.db.execute(
        sql`select id from addresses where customer_id = ${id} order by created_on, id limit 1`,
      ),
    );
    const moveTo = newAddress({ postalCode: '03100', neighborhood: 'Zona Centro' });
    expect((await api.updateAddress(staff.admin.token, id, first?.id ?? '', moveTo)).statusCode).toBe(200);
    await expectCollectionDueFigures(context.database.db);
    const afterZoe = ['Beto', 'Carla', 'carla', 'Ana', 'Zoe', 'Dora', 'Eva'];
    expect(namesOf(await tabOf(staff.admin.token, 'today'))).toEqual(afterZoe);
    expect((await api.deleteAddress(staff.admin.token, id, first?.id ?? '')).statusCode).toBe(200);
    await expectCollectionDueFigures(context.database.db);
    const moved = await tabOf(staff.admin.token, 'today');
    expect(namesOf(moved)).toEqual(afterZoe);
    expect(moved.data[5]?.address?.neighborhood).toBe('Otra');
    expect(moved.data).toEqual((await tabOf(staff.ana.token, 'today')).data);
  });
});

describe('paging', () => {
  it('walks the route in pages that neither overlap nor skip', async () => {
    const pages = [];
    for (let page = 1; page <= 4; page++)
      pages.push(await collections.listOk(staff.ana.token, `?size=2&page=${page}`));
    expect(pages.map((p) => namesOf(p))).toEqual([
      ['Dora', 'Beto'],
      ['Carla', 'carla'],
      ['Ana', 'Zoe'],
      ['Eva'],
    ]);
    for (const page of pages) {
      expect([page.size, page.totalDocuments, page.totalPages]).toEqual([2, 7, 4]);
      expect(page.summary.counts.today).toBe(7);
    }
    const everyAgent = [];
    for (let page = 1; page <= 4; page++)
      everyAgent.push(await collections.listOk(staff.admin.token, `?size=2&page=${page}`));
    expect(everyAgent).toEqual(pages);
    const past = await collections.listOk(staff.ana.token, '?size=2&page=5');
    expect([past.data, past.page, past.totalDocuments, past.totalPages]).toEqual([[], 5, 7, 4]);
  });
});

describe('query', () => {
  it('finds customers by name without accents or case, by phone, or a loan by its number', async () => {
    expect(namesOf(await tabOf(staff.ana.token, 'today', '&query=abrego'))).toEqual(['Zoe']);
    expect(namesOf(await tabOf(staff.ana.token, 'today', '&query=%C3%81VILA'))).toEqual([
      'Beto',
      'Carla',
      'carla',
    ]);
    expect(namesOf(await tabOf(staff.ana.token, 'today', '&query=55%209876'))).toEqual(['Zoe']);
    const num = carlas[1]?.loan.num ?? 0;
    const byNumber = await tabOf(staff.ana.token, 'today', `&query=${num}`);
    expect(byNumber.data.map((card) => card.loan.num)).toEqual([num]);
    const none = await tabOf(staff.ana.token, 'today', '&query=nadie');
    expect([none.data, none.totalDocuments, none.totalPages, none.summary.counts.today]).toEqual([
      [],
      0,
      0,
      7,
    ]);
  });
});
