import { hasRole } from './users.ts';

/**
 * Who may see a customer and who a customer may be assigned to (docs/architecture.md "People and access").
 * Pure rules; the customers service applies them in its queries.
 */

export interface CustomerActor {
  id: string;
  roles: readonly string[];
}

/** An administrator sees every customer; an agent (ROLE_USER only) sees the customers assigned to them. */
export function seesAllCustomers(actor: CustomerActor): boolean {
  return hasRole(actor.roles, 'ROLE_ADMIN');
}

/** An administrator may give a customer to any active agent; an agent only to themself (docs/product.md §6). */
export function assignsAnyAgent(actor: CustomerActor): boolean {
  return hasRole(actor.roles, 'ROLE_ADMIN');
}

export type AgentAssignment =
  | {
      ok: true;
      agentId: string;
      /** The agent is newly chosen by someone else: they must exist and be active (status A). */
      mustBeActive: boolean;
    }
  | { ok: false; refusal: 'customer.assign_only_self' };

/**
 * The agent of a customer after a create (`current` undefined) or an update (`current` = the stored
 * agent). No agent given: on create the current user (docs/product.md §6), on update the agent stays as it was.
 * An agent may only assign themself; an administrator may assign anyone. Choosing yourself, or keeping
 * the agent the customer already has, needs no check of that agent's status.
 */
export function resolveAgentAssignment(
  actor: CustomerActor,
  requested: string | null | undefined,
  current?: string | null,
): AgentAssignment {
  if (!requested) return { ok: true, agentId: current ?? actor.id, mustBeActive: false };
  if (requested !== actor.id && !assignsAnyAgent(actor))
    return { ok: false, refusal: 'customer.assign_only_self' };
  return { ok: true, agentId: requested, mustBeActive: requested !== actor.id && requested !== current };
}

/**
 * A CURP has 18 characters. Counted in code points as PostgreSQL's char_length does (JavaScript's
 * `length` counts UTF-16 units, so an emoji would pass as two), so the table's check cannot fail.
 */
export function hasCurpLength(curp: string): boolean {
  return [...curp].length === 18;
}
