import type { ContractTemplate } from '@prestaya/contracts';
import { describe, expect, it } from 'vitest';
import { loansApi } from '../support/api.ts';
import { expectProblem, request, useTestApp } from '../support/app.ts';
import { auditRowsOf } from '../support/records.ts';
import { useLoanWorld } from '../support/worlds.ts';

/**
 * The contract's and the promissory note's texts: the project's defaults, edited by administrators
 * (bounded, unknown placeholders refused with the allowed ones listed, audited), restored, and used by
 * the loan's documents.
 */
const context = useTestApp();
const world = useLoanWorld(context);
const URL = '/api/v1/contract-templates';

const call = (token: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  request(context.app, { method, url, token, ...(payload ? { payload } : {}) });

async function templates(token: string): Promise<ContractTemplate[]> {
  const response = await call(token, 'GET', URL);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('contract templates', () => {
  it('start as the project’s defaults, for administrators only', async () => {
    const [contract, note] = await templates(world.admin.token);
    expect(contract).toMatchObject({ kind: 'CONTRACT', isDefault: true, updatedOn: null });
    expect(contract?.body).toContain('{{cliente.nombre}}');
    expect(note).toMatchObject({ kind: 'PROMISSORY_NOTE', isDefault: true });
    expect(note?.body).toMatch(/^PAGARÉ/);
    expectProblem(await call(world.agent.token, 'GET', URL), 403, 'No tiene permisos para esta operación');
    expectProblem(
      await call(world.agent.token, 'PUT', `${URL}/CONTRACT`, { body: 'Hola' }),
      403,
      'No tiene permisos para esta operación',
    );
  });

  it('an administrator edits one, audited before → after; the loan’s documents use it; restoring brings the default back', async () => {
    const admin = world.admin;
    const body = 'Yo, {{cliente.nombre}}, recibo {{ prestamo.monto }} con CAT {{cat}}.';
    const saved = await call(admin.token, 'PUT', `${URL}/CONTRACT`, { body: `  ${body}\n` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ kind: 'CONTRACT', body, isDefault: false });
    expect((await call(admin.token, 'GET', `${URL}/CONTRACT`)).json().data.body).toBe(body);

    const loan = await loansApi(context).createOk(world.agent.token, world.customer.id, { amount: 3_000 });
    const contract = (await call(world.agent.token, 'GET', `/api/v1/loans/${loan.id}/contract`)).json().data;
    expect(contract.contractText).toBe('Yo, Lucía Núñez Gómez, recibo $3,000.00 con CAT 347.3 %.');

    const restored = await call(admin.token, 'DELETE', `${URL}/CONTRACT`);
    expect(restored.json().data).toMatchObject({ isDefault: true, updatedOn: null });
    const audit = await auditRowsOf(context, '00000000-0000-0000-0000-0000000000c1');
    expect(audit.map((row) => [row.entity, row.action, row.user_id])).toEqual([
      ['contract_template', 'updated', admin.id],
      ['contract_template', 'restored', admin.id],
    ]);
    expect(audit[0]?.before).toMatchObject({ isDefault: true });
    expect(audit[0]?.after).toEqual({ kind: 'CONTRACT', body, isDefault: false });
    expect(audit[1]?.after).toMatchObject({ isDefault: true });
  });

  it('refuses unknown placeholders with the allowed ones listed, empty or oversized texts and unknown kinds', async () => {
    const token = world.admin.token;
    const unknown = await call(token, 'PUT', `${URL}/PROMISSORY_NOTE`, {
      body: 'Debo {{prestamo.total}} a {{acreedor}} y {{ cliente.apodo }}',
    });
    expectProblem(
      unknown,
      400,
      /^body: Marcadores desconocidos: \{\{acreedor\}\}, \{\{cliente\.apodo\}\}\. Los permitidos son: /,
    );
    expect(unknown.json().detail).toContain('{{cliente.nombre}}');
    expect(unknown.json().detail).toContain('{{cat}}');
    expectProblem(
      await call(token, 'PUT', `${URL}/CONTRACT`, { body: '   ' }),
      400,
      'body: Escriba el texto del documento',
    );
    expectProblem(
      await call(token, 'PUT', `${URL}/CONTRACT`, { body: 'x'.repeat(20_001) }),
      400,
      'body: El texto no puede tener más de 20,000 caracteres',
    );
    expectProblem(
      await call(token, 'PUT', `${URL}/CONTRACT`, { body: 'a\u202eb' }),
      400,
      'body: El texto tiene caracteres no permitidos',
    );
    expectProblem(await call(token, 'PUT', `${URL}/COVER`, { body: 'Hola' }), 400, /^kind: /);
    expect((await templates(token)).every((t) => t.isDefault)).toBe(true);
    expect(await auditRowsOf(context, '00000000-0000-0000-0000-0000000000c2')).toEqual([]);
  });
});
