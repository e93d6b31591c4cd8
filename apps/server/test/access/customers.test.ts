import { describe, expect, it } from 'vitest';
import {
  assignsAnyAgent,
  hasCurpLength,
  resolveAgentAssignment,
  seesAllCustomers,
} from '../../src/access/customers.ts';

describe('customer access rules', () => {
  const admin = { id: 'admin', roles: ['ROLE_ADMIN'] };
  const both = { id: 'both', roles: ['ROLE_USER', 'ROLE_ADMIN'] };
  const agent = { id: 'agent', roles: ['ROLE_USER'] };

  it('only administrators see every customer and may assign anyone', () => {
    expect(seesAllCustomers(admin)).toBe(true);
    expect(seesAllCustomers(both)).toBe(true);
    expect(seesAllCustomers(agent)).toBe(false);
    expect(assignsAnyAgent(both)).toBe(true);
    expect(assignsAnyAgent(agent)).toBe(false);
  });

  it('assigns the current user when no agent is given on create, and keeps the agent on update', () => {
    expect(resolveAgentAssignment(agent, undefined)).toEqual({
      ok: true,
      agentId: 'agent',
      mustBeActive: false,
    });
    expect(resolveAgentAssignment(admin, null)).toEqual({ ok: true, agentId: 'admin', mustBeActive: false });
    expect(resolveAgentAssignment(admin, null, 'other')).toEqual({
      ok: true,
      agentId: 'other',
      mustBeActive: false,
    });
  });

  it('lets an agent assign only themself', () => {
    expect(resolveAgentAssignment(agent, 'agent')).toEqual({
      ok: true,
      agentId: 'agent',
      mustBeActive: false,
    });
    expect(resolveAgentAssignment(agent, 'other')).toEqual({
      ok: false,
      refusal: 'customer.assign_only_self',
    });
  });

  it('checks an agent newly chosen by an administrator, not one kept or the administrator themself', () => {
    expect(resolveAgentAssignment(admin, 'other')).toEqual({
      ok: true,
      agentId: 'other',
      mustBeActive: true,
    });
    expect(resolveAgentAssignment(admin, 'other', 'other')).toEqual({
      ok: true,
      agentId: 'other',
      mustBeActive: false,
    });
    expect(resolveAgentAssignment(admin, 'admin', 'other')).toEqual({
      ok: true,
      agentId: 'admin',
      mustBeActive: false,
    });
  });

  it('counts CURP characters as PostgreSQL does (code points)', () => {
    expect(hasCurpLength('GOMJ800101HDFMRS02')).toBe(true);
    expect(hasCurpLength('GOMJ800101HDFMRS0')).toBe(false);
    expect(hasCurpLength(`😀${'A'.repeat(16)}`)).toBe(false); // 18 UTF-16 units, 17 characters
    expect(hasCurpLength(`Ñ${'A'.repeat(17)}`)).toBe(true);
  });
});
