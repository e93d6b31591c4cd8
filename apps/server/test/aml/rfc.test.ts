import type { AmlMatch } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importAmlList } from '../support/aml-lists.ts';
import { request, useTestApp } from '../support/app.ts';
import { useLoanWorld } from '../support/worlds.ts';

/**
 * The RFC comparison is on once customers store an RFC (another migration adds the column): here the
 * file's own database gets the column (if it lacks it), a customer an RFC, and a list with that RFC
 * flags them by RFC.
 */
const context = useTestApp();
const world = useLoanWorld(context);

describe('PLD: RFC matches', () => {
  it('flags a customer whose RFC is listed, once customers have an rfc column', async () => {
    const { db } = context.database;
    await db.execute(sql.raw('alter table customers add column if not exists rfc text'));
    await db.execute(sql`update customers set rfc = 'NUGL800101AB1' where id = ${world.customer.id}`);
    const imported = await importAmlList(
      context,
      world.admin.token,
      'SAT 69-B',
      'nombre,curp,rfc,lista,fecha\nOtra Razón Social,,nugl800101ab1,SAT,\n',
    );
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().data.matchesFound).toBe(1);
    const matches: AmlMatch[] = (
      await request(context.app, { method: 'GET', url: '/api/v1/aml/matches', token: world.admin.token })
    ).json().data;
    expect(matches.map((m) => [m.customer.id, m.kind, m.matchedValue])).toEqual([
      [world.customer.id, 'RFC', 'NUGL800101AB1'],
    ]);
  });
});
