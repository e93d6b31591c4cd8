import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { type CustomerData, customersApi } from '../support/api.ts';
import { createAdmin, createUserAndLogin, expectProblem, type TestUser, useTestApp } from '../support/app.ts';
import { formOf, newAddress, newCustomer } from '../support/builders.ts';
import { storedCustomerState } from '../support/records.ts';

const context = useTestApp();
const api = customersApi(context);

interface Portfolio {
  agent: TestUser;
  customer: CustomerData;
  addressId: string;
}

/** Two agents, each with one customer (with one address) registered by themselves. */
async function twoAgents(): Promise<{ a: Portfolio; b: Portfolio }> {
  const portfolio = async (name: string, lastName: string, phone: string): Promise<Portfolio> => {
    const agent = await createUserAndLogin(context, { name, lastName });
    const customer = await api.createOk(agent.token, { name: 'Cliente', lastName, phone });
    const address = await api.addAddressOk(agent.token, customer.id);
    return { agent, customer, addressId: address.id };
  };
  return {
    a: await portfolio('Ana', 'Gómez', '5511111111'),
    b: await portfolio('Beto', 'Gómez', '5522222222'),
  };
}

describe('anonymous callers', () => {
  it('get 401 on every customers and agents endpoint', async () => {
    const id = uuidv7();
    const replies = await Promise.all([
      api.list(''),
      api.create('', newCustomer()),
      api.get('', id),
      api.update('', id, newCustomer()),
      api.addAddress('', id, newAddress()),
      api.updateAddress('', id, id, newAddress()),
      api.deleteAddress('', id, id),
      api.agents(''),
    ]);
    for (const reply of replies) expectProblem(reply, 401, 'Sesión inválida o expirada');
  });
});

describe('an agent', () => {
  it('sees only their own customers in the list, whatever the search', async () => {
    const { a, b } = await twoAgents();
    const list = await api.list(a.agent.token);
    expect(list.json()).toMatchObject({ totalDocuments: 1, totalPages: 1 });
    expect(list.json().data.map((c: { id: string }) => c.id)).toEqual([a.customer.id]);
    const byName = await api.list(a.agent.token, '?query=gomez');
    expect(byName.json().data.map((c: { id: string }) => c.id)).toEqual([a.customer.id]);
    expect((await api.list(a.agent.token, '?query=5522222222')).json()).toMatchObject({
      data: [],
      totalDocuments: 0,
    });
    expect((await api.list(a.agent.token, `?query=${b.customer.num}`)).json().data).toEqual([]);
    expect((await api.list(a.agent.token, '?orderBy=name&order=desc&size=100')).json().totalDocuments).toBe(
      1,
    );
  });

  it('gets 404 for another agent’s customer on every endpoint, and nothing changes', async () => {
    const { a, b } = await twoAgents();
    const before = await storedCustomerState(context);
    const notFound = 'Cliente no encontrado';
    const token = a.agent.token;
    expectProblem(await api.get(token, b.customer.id), 404, notFound);
    expectProblem(
      await api.update(token, b.customer.id, { ...formOf(b.customer), name: 'Robado' }),
      404,
      notFound,
    );
    // Trying to take the customer over is the same 404, not a hint that it exists.
    expectProblem(
      await api.update(token, b.customer.id, { ...formOf(b.customer), agentId: a.agent.id }),
      404,
      notFound,
    );
    expectProblem(await api.addAddress(token, b.customer.id, newAddress()), 404, notFound);
    expectProblem(await api.updateAddress(token, b.customer.id, b.addressId, newAddress()), 404, notFound);
    expectProblem(await api.deleteAddress(token, b.customer.id, b.addressId), 404, notFound);
    // Their own customer with the other agent's address.
    expectProblem(
      await api.updateAddress(token, a.customer.id, b.addressId, newAddress()),
      404,
      'Dirección no encontrada',
    );
    expectProblem(await api.deleteAddress(token, a.customer.id, b.addressId), 404, 'Dirección no encontrada');
    expect(await storedCustomerState(context)).toEqual(before);
    // The other agent still has everything.
    const detail = (await api.get(b.agent.token, b.customer.id)).json().data;
    expect(detail).toMatchObject({ name: 'Cliente', agentId: b.agent.id });
    expect(detail.addresses.map((x: { id: string }) => x.id)).toEqual([b.addressId]);
  });

  it('can read and change their own customers and addresses', async () => {
    const { a } = await twoAgents();
    const token = a.agent.token;
    expect((await api.get(token, a.customer.id)).statusCode).toBe(200);
    const updated = await api.update(token, a.customer.id, { ...formOf(a.customer), phone: '5533333333' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ phone: '5533333333', agentId: a.agent.id });
    expect((await api.updateAddress(token, a.customer.id, a.addressId, newAddress())).statusCode).toBe(200);
    expect((await api.deleteAddress(token, a.customer.id, a.addressId)).statusCode).toBe(200);
  });

  it('may assign only themself, on create and on update (403), and nothing changes', async () => {
    const { a, b } = await twoAgents();
    const before = await storedCustomerState(context);
    const onlySelf = 'Solo puede asignarse clientes a sí mismo';
    expectProblem(await api.create(a.agent.token, newCustomer({ agentId: b.agent.id })), 403, onlySelf);
    expectProblem(await api.create(a.agent.token, newCustomer({ agentId: uuidv7() })), 403, onlySelf);
    expectProblem(
      await api.update(a.agent.token, a.customer.id, { ...formOf(a.customer), agentId: b.agent.id }),
      403,
      onlySelf,
    );
    expect(await storedCustomerState(context)).toEqual(before);
    const own = await api.createOk(a.agent.token, { agentId: a.agent.id });
    expect(own.agent?.id).toBe(a.agent.id);
  });

  it('whose status is DELAYED can still register customers for themself', async () => {
    const delayed = await createUserAndLogin(context, { status: 'DELAYED' });
    expect((await api.createOk(delayed.token)).agentId).toBe(delayed.id);
    expect((await api.createOk(delayed.token, { agentId: delayed.id })).agentId).toBe(delayed.id);
  });

  it('loses access at once when an admin gives the customer to another agent', async () => {
    const { a, b } = await twoAgents();
    const admin = await createAdmin(context);
    const moved = await api.update(admin.token, a.customer.id, {
      ...formOf(a.customer),
      agentId: b.agent.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.agent).toMatchObject({ id: b.agent.id, name: 'Beto' });
    expectProblem(await api.get(a.agent.token, a.customer.id), 404, 'Cliente no encontrado');
    expect((await api.list(a.agent.token)).json().totalDocuments).toBe(0);
    expect((await api.get(b.agent.token, a.customer.id)).statusCode).toBe(200);
    expect((await api.list(b.agent.token)).json().totalDocuments).toBe(2);
  });
});

describe('an administrator', () => {
  it('sees, searches and edits every customer, with the agent of each', async () => {
    const { a, b } = await twoAgents();
    for (const admin of [
      await createAdmin(context),
      await createUserAndLogin(context, { roles: ['ROLE_USER', 'ROLE_ADMIN'] }),
    ]) {
      const list = (await api.list(admin.token, '?query=gomez')).json();
      expect(list.totalDocuments).toBe(2);
      expect(list.data.map((c: { agent: { id: string } }) => c.agent.id)).toEqual([a.agent.id, b.agent.id]);
      expect((await api.get(admin.token, b.customer.id)).statusCode).toBe(200);
      expect((await api.addAddress(admin.token, b.customer.id, newAddress())).statusCode).toBe(201);
      expect(
        (await api.updateAddress(admin.token, a.customer.id, a.addressId, newAddress())).statusCode,
      ).toBe(200);
    }
  });

  it('may assign any active agent or themself, but not an unknown, cancelled or delayed one', async () => {
    const { a, b } = await twoAgents();
    const admin = await createAdmin(context);
    const created = await api.createOk(admin.token, { agentId: a.agent.id });
    expect(created.agent).toMatchObject({ id: a.agent.id, num: a.agent.num, name: 'Ana', lastName: 'Gómez' });
    const toSelf = await api.update(admin.token, created.id, { ...formOf(created), agentId: admin.id });
    expect(toSelf.json().data.agentId).toBe(admin.id);
    const cancelled = await createUserAndLogin(context, { status: 'CANCELLED' });
    const delayed = await createUserAndLogin(context, { status: 'DELAYED' });
    const before = await storedCustomerState(context);
    for (const agentId of [uuidv7(), cancelled.id, delayed.id]) {
      expectProblem(
        await api.update(admin.token, b.customer.id, { ...formOf(b.customer), agentId }),
        400,
        'agentId: Agente inválido o inactivo',
      );
    }
    expect(await storedCustomerState(context)).toEqual(before);
  });

  it('can still edit a customer whose agent was cancelled, keeping or replacing that agent', async () => {
    const { a, b } = await twoAgents();
    const admin = await createAdmin(context);
    await context.database.db.execute(sql`update users set status = 'CANCELLED' where id = ${a.agent.id}`);
    const kept = await api.update(admin.token, a.customer.id, { ...formOf(a.customer), name: 'Sigue' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'Sigue', agentId: a.agent.id });
    const keptWithoutAgent = await api.update(admin.token, a.customer.id, {
      ...formOf(a.customer),
      agentId: null,
    });
    expect(keptWithoutAgent.json().data.agentId).toBe(a.agent.id);
    const replaced = await api.update(admin.token, a.customer.id, {
      ...formOf(a.customer),
      agentId: b.agent.id,
    });
    expect(replaced.json().data.agentId).toBe(b.agent.id);
  });
});

describe('GET /api/v1/agents', () => {
  it('gives an admin every active agent plus themself, ordered by name', async () => {
    const admin = await createAdmin(context, { name: 'Zoe', lastName: 'Admin' });
    const otherAdmin = await createAdmin(context, { name: 'Olga', lastName: 'Admin' });
    const ursula = await createUserAndLogin(context, { name: 'Úrsula', lastName: 'Vega' });
    const beto = await createUserAndLogin(context, { name: 'Beto', lastName: 'Ruiz' });
    const both = await createUserAndLogin(context, {
      name: 'Carla',
      lastName: 'Mixta',
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
    });
    await createUserAndLogin(context, { name: 'Cancelado', status: 'CANCELLED' });
    await createUserAndLogin(context, { name: 'Demorado', status: 'DELAYED' });
    const response = await api.agents(admin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'OK',
      data: [
        { id: beto.id, num: beto.num, name: 'Beto', lastName: 'Ruiz' },
        { id: both.id, num: both.num, name: 'Carla', lastName: 'Mixta' },
        { id: ursula.id, num: ursula.num, name: 'Úrsula', lastName: 'Vega' },
        { id: admin.id, num: admin.num, name: 'Zoe', lastName: 'Admin' },
      ],
    });
    const forOther = (await api.agents(otherAdmin.token)).json().data.map((x: { name: string }) => x.name);
    expect(forOther).toEqual(['Beto', 'Carla', 'Olga', 'Úrsula']);
  });

  it('gives an agent only themself', async () => {
    const agent = await createUserAndLogin(context, { name: 'Ana', lastName: 'Gómez' });
    await createUserAndLogin(context, { name: 'Beto' });
    await createAdmin(context);
    const response = await api.agents(agent.token);
    expect(response.json()).toEqual({
      status: 'OK',
      data: [{ id: agent.id, num: agent.num, name: 'Ana', lastName: 'Gómez' }],
    });
  });
});

describe('OpenAPI document', () => {
  it('lists every customers and agents operation with its statuses', async () => {
    const doc = (await context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operations = (path: string) => Object.keys(doc.paths[path] ?? {}).sort();
    expect(operations('/api/v1/customers')).toEqual(['get', 'post']);
    expect(operations('/api/v1/customers/{id}')).toEqual(['get', 'put']);
    expect(operations('/api/v1/customers/{id}/addresses')).toEqual(['post']);
    expect(operations('/api/v1/customers/{id}/addresses/{addressId}')).toEqual(['delete', 'put']);
    expect(operations('/api/v1/agents')).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/v1/customers'].post.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '403',
      '409',
      '413',
      '415',
      'default',
    ]);
  });
});
