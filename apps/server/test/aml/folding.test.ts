import { foldPersonName } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { customersApi } from '../support/api.ts';
import { createUserAndLogin, useTestApp } from '../support/app.ts';

/**
 * The folded name is written by a trigger (migration 0042) from search_text, while a listed name is
 * folded by packages/domain foldName: both sides must agree on the names people have, on PGlite and
 * PostgreSQL, or a match would be missed.
 */
const context = useTestApp();

const NAMES = [
  { name: 'María José', lastName: 'Núñez-Peña', secondLastName: "O'Connor" },
  { name: '  Ángel  ', lastName: 'Müller', secondLastName: null },
  { name: 'José Ma.', lastName: 'De la Garza', secondLastName: 'Ibáñez' },
  { name: 'ÚRSULA', lastName: 'GÜEMES', secondLastName: 'Zúñiga' },
];

describe('customers.aml_folded_name', () => {
  it('is what packages/domain foldPersonName gives, for every customer written', async () => {
    const agent = await createUserAndLogin(context);
    const api = customersApi(context);
    const created = [];
    for (const [i, person] of NAMES.entries()) {
      created.push(await api.createOk(agent.token, { ...person, phone: `551000000${i}` }));
    }
    const rows = rowsOf<{ id: string; folded: string }>(
      await context.database.db.execute(sql`select id, aml_folded_name as folded from customers`),
    );
    const folded = Object.fromEntries(rows.map((row) => [row.id, row.folded]));
    expect(created.map((customer) => folded[customer.id])).toEqual(
      NAMES.map((person) => foldPersonName(person)),
    );
    expect(folded[created[0]?.id ?? '']).toBe('connor jose maria nunez o pena');
  });
});
