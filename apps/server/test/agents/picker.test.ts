import type { Role } from '@prestaya/contracts';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/users.ts';
import { createAdmin, createUserAndLogin, expectProblem, request, useTestApp } from '../support/app.ts';

const context = useTestApp();

const agents = (token: string, query = '') =>
  request(context.app, { method: 'GET', url: `/api/v1/agents${query}`, token });

type Summary = { id: string; num: number; name: string; lastName: string };
const namesOf = async (reply: ReturnType<typeof agents>) => {
  const response = await reply;
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Summary[]).map((agent) => `${agent.name} ${agent.lastName}`);
};

/**
 * `count` active agents 'Agente 01 Bench'… straight into the table (signing each one in would hash a
 * password apiece), plus the given extra rows; returns them with their numbers.
 */
async function staff(count: number, extra: { name: string; lastName: string; status?: string }[] = []) {
  const rows = [
    ...Array.from({ length: count }, (_, i) => ({
      name: `Agente ${String(i + 1).padStart(2, '0')}`,
      lastName: 'Bench',
    })),
    ...extra,
  ].map((row, i) => ({
    id: uuidv7(),
    username: `staff${i}@prestaya.mx`,
    passwordHash: 'not-a-hash',
    roles: ['ROLE_USER'] satisfies Role[],
    status: 'A' as const,
    ...row,
  }));
  return context.database.db
    .insert(users)
    .values(rows)
    .returning({ id: users.id, num: users.num, name: users.name });
}

describe('GET /api/v1/agents as a staff picker', () => {
  it('gives the first `size` by name, 20 with only a query, and every one without parameters', async () => {
    const admin = await createAdmin(context, { name: 'Zoe', lastName: 'Admin' });
    await staff(30);
    const page = await namesOf(agents(admin.token, '?size=5'));
    expect(page).toEqual([
      'Agente 01 Bench',
      'Agente 02 Bench',
      'Agente 03 Bench',
      'Agente 04 Bench',
      'Agente 05 Bench',
    ]);
    const searched = await namesOf(agents(admin.token, '?query=agente'));
    expect(searched).toHaveLength(20);
    expect(searched.at(-1)).toBe('Agente 20 Bench');
    const all = await namesOf(agents(admin.token));
    expect(all).toHaveLength(31);
    expect(all.at(-1)).toBe('Zoe Admin');
  });

  it('finds an agent past the first page by name without accents or case, and by user number', async () => {
    const admin = await createAdmin(context, { name: 'Admin', lastName: 'Central' });
    const rows = await staff(25, [
      { name: 'Úrsula', lastName: 'Núñez' },
      { name: 'Ursula', lastName: 'Cancelada', status: 'CANCELLED' },
    ]);
    const ursula = rows.find((row) => row.name === 'Úrsula');
    expect(await namesOf(agents(admin.token, '?size=20'))).not.toContain('Úrsula Núñez');
    expect(await namesOf(agents(admin.token, '?query=URSULA&size=20'))).toEqual(['Úrsula Núñez']);
    expect(await namesOf(agents(admin.token, '?query=ursula%20nunez'))).toEqual(['Úrsula Núñez']);
    expect(await namesOf(agents(admin.token, `?query=${ursula?.num}`))).toEqual(['Úrsula Núñez']);
    // The administrator themself is assignable, found like any agent; % is literal.
    expect(await namesOf(agents(admin.token, '?query=central'))).toEqual(['Admin Central']);
    expect(await namesOf(agents(admin.token, '?query=%25'))).toEqual([]);
  });

  it('gives an agent only themself, whatever the search or size', async () => {
    await staff(3);
    const agent = await createUserAndLogin(context, { name: 'Ana', lastName: 'Gómez' });
    for (const query of ['?size=10', '?query=agente', '?query=zzz&size=1']) {
      expect(await namesOf(agents(agent.token, query))).toEqual(['Ana Gómez']);
    }
  });

  it.each([
    ['?size=0', 'size'],
    ['?size=51', 'size'],
    ['?size=veinte', 'size'],
    [`?query=${'a'.repeat(61)}`, 'query'],
    ['?query=%E2%80%AEabc', 'query'],
  ])('answers 400 problem+json for %s', async (query, field) => {
    const admin = await createAdmin(context);
    const problem = expectProblem(await agents(admin.token, query), 400);
    expect(problem.errors?.map((error) => error.field)).toEqual([field]);
  });
});
