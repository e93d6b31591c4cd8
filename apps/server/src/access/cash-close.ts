import { seesAllCustomers } from './customers.ts';

/** 'Corte de caja': whose day a user may read. The cash-close module applies it before it reads a day. */

export type CashCloseScope =
  | { ok: true; agentId: string }
  | { ok: false; refusal: 'cash_close.agent_required' | 'cash_close.own_only' };

/**
 * An administrator must name the agent whose day they read; an agent reads their own day only (naming
 * themself is the same as naming no one; naming another agent is refused).
 */
export function cashCloseScope(
  actor: { id: string; roles: readonly string[] },
  agentId: string | undefined,
): CashCloseScope {
  if (seesAllCustomers(actor)) {
    return agentId ? { ok: true, agentId } : { ok: false, refusal: 'cash_close.agent_required' };
  }
  if (agentId && agentId.toLowerCase() !== actor.id.toLowerCase()) {
    return { ok: false, refusal: 'cash_close.own_only' };
  }
  return { ok: true, agentId: actor.id };
}
