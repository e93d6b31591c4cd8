import { describe, expect, it } from 'vitest';
import { cashCloseScope } from '../../src/access/cash-close.ts';

const admin = { id: 'a', roles: ['ROLE_ADMIN'] };
const agent = { id: 'b', roles: ['ROLE_USER'] };

describe('whose corte a user reads', () => {
  it('an administrator names the agent, or is asked to', () => {
    expect(cashCloseScope(admin, 'b')).toEqual({ ok: true, agentId: 'b' });
    expect(cashCloseScope(admin, undefined)).toEqual({ ok: false, refusal: 'cash_close.agent_required' });
  });

  it('an agent gets their own day, named or not, and never another agent’s', () => {
    expect(cashCloseScope(agent, undefined)).toEqual({ ok: true, agentId: 'b' });
    expect(cashCloseScope(agent, 'B')).toEqual({ ok: true, agentId: 'b' });
    expect(cashCloseScope(agent, 'a')).toEqual({ ok: false, refusal: 'cash_close.own_only' });
  });
});
