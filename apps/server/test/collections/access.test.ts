import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectProblem, request } from '../support/app.ts';
import { namesOf, useCollectionsWorld } from '../support/collections-world.ts';
import { accrue } from '../support/worlds.ts';

const { collections, context, day, loanDue, staff, T, tabOf } = useCollectionsWorld();

/**
 * Who sees which cards: an agent their own customers' loans only (another agent's `agentId` is a 403),
 * an administrator every agent's ('Todos') or one agent's. Ana has Alma (due today) and Amado (overdue:
 * installment 1 due T−3 and fees T−2, T−1, T: 100.10 + 100.10); Beto has Bruno (due today).
 */

beforeEach(async () => {
  await loanDue(staff.admin, staff.ana, { name: 'Alma' });
  await loanDue(staff.admin, staff.ana, { name: 'Amado', requestDate: day(-10) });
  await loanDue(staff.admin, staff.beto, { name: 'Bruno' });
  await accrue(context, T);
});

const OTHER_AGENT = 'Solo puede ver la cobranza de sus propios clientes';

describe('an agent', () => {
  it("sees only their own customers' loans, in every tab", async () => {
    for (const tab of ['today', 'week', 'overdue'] as const) {
      const page = await tabOf(staff.ana.token, tab);
      expect(page.data.every((card) => card.agent?.id === staff.ana.id)).toBe(true);
      expect(namesOf(page)).not.toContain('Bruno');
    }
    const mine = await tabOf(staff.ana.token, 'today');
    expect(namesOf(mine)).toEqual(['Alma', 'Amado']);
    expect(mine.summary).toEqual({
      toCollectToday: 300.3,
      collectedToday: 0,
      counts: { today: 2, week: 2, overdue: 1 },
    });
    expect(namesOf(await tabOf(staff.beto.token, 'today'))).toEqual(['Bruno']);
  });

  it("may name themself, never another agent (403), nor find another agent's loan by number", async () => {
    const own = await tabOf(staff.ana.token, 'today', `&agentId=${staff.ana.id}`);
    expect(namesOf(own)).toEqual(['Alma', 'Amado']);
    expectProblem(await collections.list(staff.ana.token, `?agentId=${staff.beto.id}`), 403, OTHER_AGENT);
    expectProblem(await collections.list(staff.ana.token, `?agentId=${randomUUID()}`), 403, OTHER_AGENT);
    const [bruno] = (await tabOf(staff.beto.token, 'today')).data;
    const search = await tabOf(staff.ana.token, 'today', `&query=${bruno?.loan.num}`);
    expect([search.data, search.totalDocuments]).toEqual([[], 0]);
  });
});

describe('an administrator', () => {
  it("sees every agent's cards without agentId ('Todos'), or one agent's", async () => {
    const all = await tabOf(staff.admin.token, 'today');
    expect(namesOf(all)).toEqual(['Alma', 'Amado', 'Bruno']);
    expect(all.summary).toEqual({
      toCollectToday: 400.4,
      collectedToday: 0,
      counts: { today: 3, week: 3, overdue: 1 },
    });
    const anas = await tabOf(staff.admin.token, 'today', `&agentId=${staff.ana.id}`);
    expect(namesOf(anas)).toEqual(['Alma', 'Amado']);
    expect(anas.summary.toCollectToday).toBe(300.3);
    const betos = await tabOf(staff.admin.token, 'overdue', `&agentId=${staff.beto.id}`);
    expect([namesOf(betos), betos.summary.counts]).toEqual([[], { today: 1, week: 1, overdue: 0 }]);
    // An id that is nobody's: nothing to collect.
    const nobody = await tabOf(staff.admin.token, 'today', `&agentId=${randomUUID()}`);
    expect([nobody.data, nobody.summary.counts.today]).toEqual([[], 0]);
  });
});

describe('bad requests', () => {
  it('are refused with a Spanish 400 naming the parameter', async () => {
    const list = (query: string) => collections.list(staff.admin.token, query);
    expectProblem(await list('?tab=manana'), 400, 'tab: Pestaña inválida: use today, week u overdue');
    expectProblem(await list('?agentId=ana'), 400, 'agentId: Agente inválido');
    expectProblem(await list('?size=101'), 400, /^size: /);
    expectProblem(await list('?size=0'), 400, /^size: /);
    expectProblem(await list('?page=0'), 400, /^page: /);
    expectProblem(await list(`?query=${'a'.repeat(101)}`), 400, /^query: /);
    expectProblem(await list('?query=%E2%80%AEabc'), 400, /^query: /);
  });

  it('without a session are a 401', async () => {
    const response = await request(context.app, { method: 'GET', url: '/api/v1/collections' });
    expectProblem(response, 401);
  });
});
