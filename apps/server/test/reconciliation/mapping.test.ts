import { describe, expect, it } from 'vitest';
import { expectProblem, useTestApp } from '../support/app.ts';
import { openAccount, useLoanWorld } from '../support/worlds.ts';
import { CSV_MAPPING, reconciliationApi } from './world.ts';

/** 'Conciliación': an account's statement columns, remembered and bounded; every route for administrators only. */
const context = useTestApp();
const world = useLoanWorld(context);
const api = reconciliationApi(context);

describe('statement mapping', () => {
  it('is null until saved, then remembered per account and editable; bounded', async () => {
    const bank = await openAccount(context, world.admin, 0, 'Banorte');
    const other = await openAccount(context, world.admin, 0, 'Santander');
    expect((await api.getMapping(world.admin.token, bank.id)).json().data).toBeNull();
    await api.mapOk(world.admin.token, bank.id);
    await api.mapOk(world.admin.token, bank.id, { matchWindowDays: 5, referenceColumn: null });
    const saved = (await api.getMapping(world.admin.token, bank.id)).json().data;
    expect(saved).toMatchObject({
      dateColumn: 'A',
      amountColumn: 'D',
      referenceColumn: null,
      matchWindowDays: 5,
    });
    expect((await api.getMapping(world.admin.token, other.id)).json().data).toBeNull();

    const both = await api.putMapping(world.admin.token, bank.id, {
      ...CSV_MAPPING,
      creditColumn: 'E',
      debitColumn: 'F',
    });
    expectProblem(both, 400, /importe, o las columnas de abonos y de cargos/);
    expectProblem(
      await api.putMapping(world.admin.token, bank.id, { ...CSV_MAPPING, dateColumn: '1' }),
      400,
      /letra de la columna/,
    );
    expectProblem(
      await api.putMapping(world.admin.token, bank.id, { ...CSV_MAPPING, matchWindowDays: 40 }),
      400,
      /Use de 0 a 15 días/,
    );
    expectProblem(await api.getMapping(world.admin.token, '0190a0a0-0000-7000-8000-000000000000'), 404);
  });

  it('is for administrators only: an agent gets 403 on every route', async () => {
    const bank = await openAccount(context, world.admin, 0, 'Banorte');
    const token = world.agent.token;
    expectProblem(await api.getMapping(token, bank.id), 403);
    expectProblem(await api.putMapping(token, bank.id, CSV_MAPPING), 403);
    expectProblem(await api.upload(token, bank.id, 'a,b'), 403);
    const someId = '0190a0a0-0000-7000-8000-000000000000';
    expectProblem(await api.call(token, 'GET', `/statements/${someId}`), 403);
    expectProblem(
      await api.call(token, 'POST', `/statements/${someId}/confirm`, {
        pairs: [{ lineId: someId, paymentId: someId }],
      }),
      403,
    );
  });
});
