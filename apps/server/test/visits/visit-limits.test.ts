import { describe, expect, it } from 'vitest';
import { expectProblem, useTestApp } from '../support/app.ts';
import { currentInstant } from '../support/clock.ts';
import { visitsApi } from '../support/field-api.ts';
import { activeLoan, useLoanWorld } from '../support/worlds.ts';

/**
 * A visit's moment keeps the bounds configured for a collection's (COLLECTED_AT_MAX_SKEW_MINUTES,
 * COLLECTED_AT_MAX_AGE_DAYS): one setting for everything a phone records offline. Here 2 minutes
 * ahead and 3 days old.
 */
const context = useTestApp({ collectedAtLimits: { maxSkewMinutes: 2, maxAgeDays: 3 } });
const world = useLoanWorld(context);
const visits = visitsApi(context);
const MINUTE = 60_000;
const at = (minutes: number) => new Date(currentInstant().getTime() + minutes * MINUTE).toISOString();

describe('the bounds of a visit', () => {
  it('are the configured collection limits, both ends included', async () => {
    const { loan } = await activeLoan(context, world.admin, world.customer.id);
    const record = (visitedAt: string) =>
      visits.record(world.agent.token, loan.id, { outcome: 'NOT_HOME', visitedAt });
    expect((await record(at(2))).statusCode).toBe(201);
    expect((await record(at(-3 * 24 * 60 + 1))).statusCode).toBe(201);
    expectProblem(
      await record(at(3)),
      400,
      'visitedAt: La hora de la visita no puede ser posterior a la hora actual',
    );
    expectProblem(
      await record(at(-3 * 24 * 60 - 1)),
      400,
      'visitedAt: La visita no puede tener más de 3 días',
    );
  });
});
