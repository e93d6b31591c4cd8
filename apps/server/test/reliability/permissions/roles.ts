import type { InjectOptions } from 'fastify';
import { freshTargets, type SeededContext, type World } from '../world.ts';

/**
 * The vocabulary of the permissions matrix (permissions.test.ts): the four callers, the expected
 * status of each, and the request helpers the rows are written with.
 */
export const ROLES = ['anonymous', 'agent', 'other', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export type Expected = Record<Role, number>;
type Call = Omit<InjectOptions, 'url'> & { url: string };

export interface Row {
  /** `METHOD /path` exactly as the router lists it. */
  route: string;
  expected: Expected;
  /** The request of one role; the Bearer token of the role is added unless `noBearer`. */
  call: (role: Role) => Call | Promise<Call>;
  noBearer?: boolean;
}

export const statuses = (anonymous: number, agent: number, other: number, admin: number): Expected => ({
  anonymous,
  agent,
  other,
  admin,
});
/** Anyone, signed in or not. */
export const EVERYONE = (status = 200) => statuses(status, status, status, status);
/** Any signed-in staff member. */
export const STAFF = (status = 200) => statuses(401, status, status, status);
/** The owning agent and administrators; another agent gets 404 (the record does not exist for them). */
export const OWNER = (status = 200) => statuses(401, status, 404, status);
/** Administrators only: 403 for every agent. */
export const ADMIN = (status = 200) => statuses(401, 403, 403, status);

export const get = (url: string) => () => ({ method: 'GET' as const, url });
export const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});

/** The seeded world, and targets an operation consumes, created on demand. */
export function worldOf(context: SeededContext<World>) {
  return { world: (): World => context.world, fresh: () => freshTargets(context, context.world) };
}
