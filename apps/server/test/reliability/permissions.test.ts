import { describe, expect, it } from 'vitest';
import { request } from '../support/app.ts';
import { amlRows } from './permissions/aml-rows.ts';
import { contractRows } from './permissions/contract-rows.ts';
import { documentRows } from './permissions/document-rows.ts';
import { moneyRows } from './permissions/money-rows.ts';
import { moveInRows } from './permissions/move-in-rows.ts';
import { peopleRows } from './permissions/people-rows.ts';
import { type Expected, ROLES, type Role, type Row } from './permissions/roles.ts';
import { listRoutes } from './route-list.ts';
import { fakeWebDist } from './support/web-dist.ts';
import { seedWorld, useSeededApp, type World } from './world.ts';

/**
 * The permissions matrix: every route of the built app × {anonymous, the owning agent, another
 * agent, an administrator} → the exact status. The rows are in permissions/*-rows.ts. The route list
 * comes from Fastify's router, so a new endpoint without a row fails 'every route has a row', and a
 * row whose route is gone fails 'every row has a route'.
 *
 * "agent" owns every seeded customer, loan and payment; "other" is an agent who owns none of them: the
 * server hides another agent's records (404) and forbids admin-only routes (403) to both agents.
 * A write that succeeds consumes a fresh target (freshTargets), so the rows do not depend on order.
 */
// The built web app's routes are in the router too.
const webDist = fakeWebDist();

const context = useSeededApp(seedWorld, { webDist });
const world = (): World => context.world;
const ROWS: Row[] = [
  ...peopleRows(context),
  ...documentRows(context),
  ...moneyRows(context),
  ...contractRows(context),
  ...amlRows(context),
  ...moveInRows(context),
];

describe('the route list', () => {
  it('every route of the app has a row in the matrix', () => {
    const rows = new Set(ROWS.map((row) => row.route));
    expect(listRoutes(context.app).filter((route) => !rows.has(route))).toEqual([]);
  });

  it('every row of the matrix is a route of the app', () => {
    const routes = new Set(listRoutes(context.app));
    expect(ROWS.map((row) => row.route).filter((route) => !routes.has(route))).toEqual([]);
  });

  it('has one row per route', () => {
    expect(new Set(ROWS.map((row) => row.route)).size).toBe(ROWS.length);
  });
});

describe('who may call what', () => {
  it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const actual = {} as Expected;
    const bodies: Partial<Record<Role, string>> = {};
    for (const role of ROLES) {
      const { url, ...call } = await row.call(role);
      const token = role === 'anonymous' || row.noBearer ? undefined : world()[role].token;
      const response = await request(context.app, { ...call, url, token });
      actual[role] = response.statusCode;
      if (response.statusCode !== row.expected[role]) bodies[role] = response.body.slice(0, 300);
      // A refusal never leaks data: it is a problem+json.
      if (response.statusCode >= 400) {
        expect(response.headers['content-type'], `${role}: ${response.body}`).toMatch(
          /^application\/problem\+json/,
        );
      }
    }
    expect({ statuses: actual, bodies }).toEqual({ statuses: row.expected, bodies: {} });
  });
});
