import { type AuditEntry, paymentFolio } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { request, useTestApp } from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { activeLoan, loanWorld } from '../support/worlds.ts';

const context = useTestApp();

async function auditPage(token: string, query = '?size=100'): Promise<AuditEntry[]> {
  const response = await request(context.app, { method: 'GET', url: `/api/v1/audit${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Every name of a page: id → label. */
const namesOf = (entries: AuditEntry[]) => Object.assign({}, ...entries.map((entry) => entry.names ?? {}));

describe('GET /audit names the records, never by id', () => {
  it('the account, loan, customer (number and name), payment (folio), and user of every row', async () => {
    const world = await loanWorld(context);
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    const payment = await paymentsApi(context).registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: [schedule[0]?.id ?? ''], paymentMethod: 'CASH' }),
    ]);
    const account = (
      await request(context.app, { method: 'GET', url: '/api/v1/bank-accounts', token: world.admin.token })
    ).json().data[0];
    await paymentsApi(context).decideOk(world.admin.token, payment.id, {
      status: 'PAID',
      targetAccountId: account.id,
    });

    const entries = await auditPage(world.admin.token);
    const names = namesOf(entries);
    expect(names).toMatchObject({
      [account.id]: account.name,
      [loan.id]: `No. ${loan.num}`,
      [world.customer.id]: `Lucía Núñez Gómez (No. ${world.customer.num})`,
      [payment.id]: `Folio ${paymentFolio(loan.num, payment.id)}`,
      [world.agent.id]: 'Ana Agente',
    });

    // The record each row is about is named too: an account's movement reads 'Cuenta · <its name>'.
    const movement = entries.find((e) => e.entity === 'bank_account' && e.action.startsWith('movement_'));
    expect(movement?.names?.[movement.entityId]).toBe(account.name);
    const confirmed = entries.find((e) => e.entity === 'payment' && e.action === 'confirmed');
    expect(confirmed?.names?.[payment.id]).toBe(`Folio ${paymentFolio(loan.num, payment.id)}`);
    // Every id the page shows in a snapshot or as its record has its name.
    for (const entry of entries.filter((e) => e.entity !== 'address')) {
      expect(entry.names?.[entry.entityId], `${entry.entity} ${entry.action}`).toBeDefined();
    }
  });

  it('an id that no longer resolves has no name (the screen shows a neutral word)', async () => {
    const world = await loanWorld(context);
    const gone = '01900000-0000-7000-8000-0000000000ab';
    await context.database.db.execute(sql`
      insert into audit_log (id, at, user_id, entity, entity_id, action, before, after)
      values (gen_random_uuid(), now(), null, 'bank_account', ${gone}, 'updated',
        ${JSON.stringify({ loanId: gone })}::jsonb, ${JSON.stringify({ loanId: world.customer.id })}::jsonb)`);
    const [entry] = await auditPage(world.admin.token, '?entity=bank_account');
    expect(entry?.entityId).toBe(gone);
    // The customer's id under a loan key is not a loan: no name rather than a wrong one.
    expect(entry?.names).toBeUndefined();
  });
});
