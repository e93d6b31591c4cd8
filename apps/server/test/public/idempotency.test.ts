import { describe, expect, it } from 'vitest';
import { expectProblem } from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { usePublicPaymentWorld } from '../support/public-payment-world.ts';

const { api, asAgent, cash, ids, loan, paymentRows, world } = usePublicPaymentWorld();

/** `Idempotency-Key` on the borrower's payment: a double click records one payment, both replies 201. */
const withKey = (key = 'public-key-0001') => ({ 'idempotency-key': key });
const pay = (parts = cash(), headers = withKey(), user = world.agent) =>
  api().pay(loan.id, parts, asAgent(user), undefined, headers);

describe('an idempotent public payment', () => {
  it('answers a repeat of the same key with the same payment', async () => {
    const one = await pay();
    const two = await pay();
    expect(one.statusCode, one.body).toBe(201);
    expect(two.statusCode, two.body).toBe(201);
    expect(two.json()).toEqual(one.json());
    expect(await paymentRows()).toHaveLength(1);
  });

  it('answers concurrent duplicates with one payment, both 201', async () => {
    const replies = await Promise.all([pay(), pay(), pay()]);
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(201);
    expect(new Set(replies.map((r) => r.json().data.id)).size).toBe(1);
    expect(await paymentRows()).toHaveLength(1);
  });

  it('refuses the same key with another selection with 422', async () => {
    expect((await pay()).statusCode).toBe(201);
    const other = [jsonPart({ scheduledPaymentIds: ids(2), paymentMethod: '0' as never })];
    expectProblem(await pay(other), 422, /^idempotency-key: Esta clave de idempotencia ya se usó/);
    expect(await paymentRows()).toHaveLength(1);
  });

  it('keeps an administrator’s authorisation apart from the agent’s', async () => {
    expect((await pay()).statusCode).toBe(201);
    expectProblem(await pay(cash(), withKey(), world.admin), 409);
  });

  it('refuses a malformed key with 400', async () => {
    expectProblem(await pay(cash(), withKey('no')), 400, /^idempotency-key: /);
    expect(await paymentRows()).toHaveLength(0);
  });
});
