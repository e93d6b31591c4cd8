import type { AuditEntry } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customersApi } from '../support/api.ts';
import {
  createAdmin,
  createUserAndLogin,
  expectProblem,
  request,
  type TestContext,
  type TestUser,
  useTestApp,
} from '../support/app.ts';
import { formOf } from '../support/builders.ts';

const context = useTestApp();

async function auditOk(token: string, query = '') {
  const response = await request(context.app, { method: 'GET', url: `/api/v1/audit${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: AuditEntry[];
    page: number;
    size: number;
    totalDocuments: number;
    totalPages: number;
  };
}

const summary = (entry: AuditEntry) => [entry.entity, entry.entityId, entry.action, entry.user?.id ?? null];

/** Moves one audit row to an instant, so the business-day range can be checked at its edges. */
async function setAt(ctx: TestContext, entityId: string, action: string, at: string) {
  await ctx.database.db.execute(
    sql`update audit_log set at = ${at}::timestamptz where entity_id = ${entityId} and action = ${action}`,
  );
}

interface World {
  admin: TestUser;
  agent: TestUser;
  /** Created by the agent, then updated by the admin. */
  first: { id: string };
  /** Created by the admin. */
  second: { id: string };
}

async function world(): Promise<World> {
  const admin = await createAdmin(context, { name: 'Ana', lastName: 'Admin', username: 'ana@prestaya.mx' });
  const agent = await createUserAndLogin(context, { name: 'Beto', lastName: 'Agente' });
  const api = customersApi(context);
  const first = await api.createOk(agent.token, { name: 'Lucía', lastName: 'Núñez' });
  const updated = await api.update(admin.token, first.id, { ...formOf(first), phone: '5599999999' });
  expect(updated.statusCode, updated.body).toBe(200);
  const second = await api.createOk(admin.token, { name: 'José', lastName: 'Pérez', agentId: agent.id });
  return { admin, agent, first, second };
}

describe('GET /audit', () => {
  it('lists every change newest first with the acting user (null for the system), paged', async () => {
    const { admin, agent, first, second } = await world();

    const all = await auditOk(admin.token, '?size=100');
    expect(all.data.map(summary)).toEqual([
      ['customer', second.id, 'created', admin.id],
      ['customer', first.id, 'updated', admin.id],
      ['customer', first.id, 'created', agent.id],
      ['user', agent.id, 'created', null],
      ['user', admin.id, 'created', null],
    ]);
    expect(all).toMatchObject({ page: 1, size: 100, totalDocuments: 5, totalPages: 1 });
    const [newest] = all.data;
    expect(newest?.user).toEqual({
      id: admin.id,
      name: 'Ana',
      lastName: 'Admin',
      username: 'ana@prestaya.mx',
    });
    expect(newest?.before).toBeNull();
    expect(newest?.after).toMatchObject({ name: 'José', lastName: 'Pérez', agentId: agent.id });
    const update = all.data[1];
    expect(update?.before).toMatchObject({ phone: '5512345678' });
    expect(update?.after).toMatchObject({ phone: '5599999999' });
    expect(Date.parse(newest?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const second2 = await auditOk(admin.token, '?page=2&size=2');
    expect(second2.data.map(summary)).toEqual(all.data.slice(2, 4).map(summary));
    expect(second2).toMatchObject({ page: 2, size: 2, totalDocuments: 5, totalPages: 3 });
  });

  it('filters by entity, entityId and userId', async () => {
    const { admin, agent, first } = await world();
    const actions = async (query: string) => (await auditOk(admin.token, query)).data.map(summary);

    expect(await actions('?entity=user')).toEqual([
      ['user', agent.id, 'created', null],
      ['user', admin.id, 'created', null],
    ]);
    expect(await actions(`?entityId=${first.id}`)).toEqual([
      ['customer', first.id, 'updated', admin.id],
      ['customer', first.id, 'created', agent.id],
    ]);
    expect(await actions(`?entityId=${first.id.toUpperCase()}&entity=customer`)).toHaveLength(2);
    expect(await actions(`?entity=user&entityId=${first.id}`)).toEqual([]);
    expect(await actions(`?userId=${agent.id}`)).toEqual([['customer', first.id, 'created', agent.id]]);
    expect(await actions(`?userId=${admin.id}&entity=customer&entityId=${first.id}`)).toEqual([
      ['customer', first.id, 'updated', admin.id],
    ]);
  });

  it('filters by business days in TZ_BUSINESS, both ends inclusive', async () => {
    const { admin, agent, first } = await world();
    // 05:59 UTC on the 6th is 23:59 of the 5th in Mexico City (UTC−6); 06:00 UTC is midnight of the 6th.
    await setAt(context, first.id, 'created', '2021-01-06T05:59:00Z');
    await setAt(context, first.id, 'updated', '2021-01-06T06:00:00Z');
    await setAt(context, agent.id, 'created', '2021-01-04T06:00:00Z');
    const ids = async (query: string) =>
      (await auditOk(admin.token, `${query}&size=100`)).data.map(
        (e) =>
          `${e.entityId === first.id ? 'first' : e.entityId === agent.id ? 'agent' : 'other'}:${e.action}`,
      );

    expect(await ids('?from=2021-01-05&to=2021-01-05')).toEqual(['first:created']);
    expect(await ids('?from=2021-01-06&to=2021-01-06')).toEqual(['first:updated']);
    expect(await ids('?from=2021-01-04&to=2021-01-06')).toEqual([
      'first:updated',
      'first:created',
      'agent:created',
    ]);
    expect(await ids('?to=2021-01-04')).toEqual(['agent:created']);
    // From the 7th on: only the rows written today.
    expect(await ids('?from=2021-01-07')).toEqual(['other:created', 'other:created']);
  });

  it('refuses bad filters with a 400 that names the field', async () => {
    const { admin } = await world();
    const get = (query: string) =>
      request(context.app, { method: 'GET', url: `/api/v1/audit${query}`, token: admin.token });
    const range = expectProblem(await get('?from=2021-01-07&to=2021-01-06'), 400);
    expect(range.errors).toEqual([
      { field: 'to', message: 'La fecha final debe ser igual o posterior a la inicial' },
    ]);
    expect(expectProblem(await get('?entity=invoice'), 400).detail).toMatch(/entity/);
    expect(expectProblem(await get('?userId=not-a-uuid'), 400).detail).toMatch(/userId/);
    expect(expectProblem(await get('?from=2021-02-30'), 400).detail).toMatch(/from/);
    expect(expectProblem(await get('?size=101'), 400).detail).toMatch(/size/);
  });

  it('refuses dates outside 2000–2099 on the list and its export with a 400, never a 500', async () => {
    const { admin } = await world();
    const OUTSIDE = 'La fecha debe estar entre 2000-01-01 y 2099-12-31';
    for (const url of ['/api/v1/audit', '/api/v1/audit/export.csv']) {
      const get = (query: string) =>
        request(context.app, { method: 'GET', url: `${url}${query}`, token: admin.token });
      expectProblem(await get('?to=9999-12-31'), 400, `to: ${OUTSIDE}`);
      expectProblem(await get('?from=9999-12-31'), 400, `from: ${OUTSIDE}`);
      expectProblem(await get('?to=2100-01-01'), 400, `to: ${OUTSIDE}`);
      expectProblem(await get('?from=1999-12-31'), 400, `from: ${OUTSIDE}`);
      expectProblem(await get('?from=0001-01-01&to=0001-01-01'), 400, `from: ${OUTSIDE}; to: ${OUTSIDE}`);
      expectProblem(await get('?to=2023-02-29'), 400, 'to: Fecha inválida, use AAAA-MM-DD');
      // The last day of the range is a day like any other: its end is the first instant of 2100.
      expect((await get('?from=2099-01-01&to=2099-12-31')).statusCode).toBe(200);
      expect((await get('?to=2024-02-29')).statusCode).toBe(200);
    }
  });

  it('refuses a range over 366 days and an entityId that is not a UUID, on the list and its export', async () => {
    const { admin } = await world();
    for (const url of ['/api/v1/audit', '/api/v1/audit/export.csv']) {
      const get = (query: string) =>
        request(context.app, { method: 'GET', url: `${url}${query}`, token: admin.token });
      expect((await get('?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
      expectProblem(
        await get('?from=2024-01-01&to=2025-01-01'),
        400,
        'to: El rango no puede ser mayor a 366 días',
      );
      expectProblem(await get('?entityId=cliente-1'), 400, 'entityId: Identificador inválido');
    }
  });

  it('is for administrators: an agent gets 403 on the list and its export, anonymous 401', async () => {
    const { agent } = await world();
    for (const url of ['/api/v1/audit', '/api/v1/audit/export.csv']) {
      expectProblem(await request(context.app, { method: 'GET', url, token: agent.token }), 403);
      expectProblem(await request(context.app, { method: 'GET', url }), 401);
    }
  });
});
