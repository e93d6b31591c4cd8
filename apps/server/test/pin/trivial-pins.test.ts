import { TRIVIAL_PIN_MESSAGE } from '@prestaya/contracts';
import { describe, expect, it } from 'vitest';
import { createAdmin, expectProblem, request, useTestApp } from '../support/app.ts';

/** Every path that sets a PIN refuses a trivial one with the contracts' message (contracts/src/pin.ts). */
const context = useTestApp();

const newUser = (pin: string) => ({
  name: 'Lucía',
  lastName: 'Núñez',
  username: 'lucia@prestaya.mx',
  password: 'Agente2026!',
  pin,
  roles: ['ROLE_USER'],
});

describe('trivial PINs', () => {
  it('are refused when an administrator creates or edits a user, naming the field', async () => {
    const admin = await createAdmin(context);
    for (const pin of ['1111', '1234', '987654', '8901']) {
      const refused = expectProblem(
        await request(context.app, {
          method: 'POST',
          url: '/api/v1/users',
          token: admin.token,
          payload: newUser(pin),
        }),
        400,
        `pin: ${TRIVIAL_PIN_MESSAGE}`,
      );
      expect(refused.errors).toEqual([{ field: 'pin', message: TRIVIAL_PIN_MESSAGE }]);
    }
    const created = await request(context.app, {
      method: 'POST',
      url: '/api/v1/users',
      token: admin.token,
      payload: newUser('4826'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data;
    const { password: _password, ...withoutSecrets } = newUser('');
    const edit = (pin: string) =>
      request(context.app, {
        method: 'PUT',
        url: `/api/v1/users/${id}`,
        token: admin.token,
        payload: { ...withoutSecrets, status: 'A', pin },
      });
    expectProblem(await edit('000000'), 400, `pin: ${TRIVIAL_PIN_MESSAGE}`);
    expect((await edit('5193')).statusCode).toBe(200);
  });

  it('are refused when the first administrator registers', async () => {
    const reply = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { ...newUser('4321'), roles: undefined },
    });
    expectProblem(reply, 400, `pin: ${TRIVIAL_PIN_MESSAGE}`);
  });
});
