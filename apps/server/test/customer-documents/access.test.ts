import { MAX_DOCUMENTS_PER_CUSTOMER } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { customerDocumentsApi } from '../support/api.ts';
import { createUserAndLogin, expectProblem, request, useTestApp } from '../support/app.ts';
import { documentParts, fixture } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { auditRowsOf, countOf } from '../support/records.ts';
import { sha256 } from '../support/stored-files.ts';
import { secondCustomer, useLoanWorld } from '../support/worlds.ts';

/**
 * Who may do what with a customer's documents: they follow the customer (an agent: only their own;
 * another agent's is 404, as the customer itself), deleting is for administrators, and the file is
 * served only to a valid, unexpired link signed for that document.
 */
const context = useTestApp();
const api = customerDocumentsApi(context);
const world = useLoanWorld(context);
const png = fixture('proof.png');
const pdf = fixture('document.pdf');

const uploadPdf = (token = world.agent.token, customerId = world.customer.id) =>
  api.uploadOk(token, customerId, documentParts(pdf, { type: 'PROOF_OF_ADDRESS', filename: 'recibo.pdf' }));

describe("another agent's customer does not exist for an agent", () => {
  it('list, upload and delete answer 404 Cliente no encontrado, and nothing is written', async () => {
    const document = await uploadPdf();
    const other = await createUserAndLogin(context, { name: 'Beto', lastName: 'Otro' });
    expectProblem(await api.list(other.token, world.customer.id), 404, 'Cliente no encontrado');
    expectProblem(
      await api.upload(other.token, world.customer.id, documentParts(png)),
      404,
      'Cliente no encontrado',
    );
    expect(await countOf(context, 'customer_documents')).toBe(1);
    expect(await countOf(context, 'stored_files')).toBe(1);
    // Deleting is refused by role first: an agent never learns whether the document exists.
    expectProblem(
      await api.remove(other.token, world.customer.id, document.id),
      403,
      'No tiene permisos para esta operación',
    );
  });

  it('an agent uploads to and lists their own customer; an administrator sees every customer', async () => {
    const mine = await uploadPdf();
    const theirs = await secondCustomer(context, world.admin);
    const adminsOwn = await uploadPdf(world.admin.token, theirs.id);
    expect((await api.listOk(world.agent.token, world.customer.id)).map((d) => d.id)).toEqual([mine.id]);
    expectProblem(await api.list(world.agent.token, theirs.id), 404, 'Cliente no encontrado');
    expect((await api.listOk(world.admin.token, theirs.id)).map((d) => d.id)).toEqual([adminsOwn.id]);
    expect((await api.listOk(world.admin.token, world.customer.id)).map((d) => d.id)).toEqual([mine.id]);
  });

  it('an unknown customer is 404 and a malformed id 400', async () => {
    expectProblem(await api.list(world.admin.token, uuidv7()), 404, 'Cliente no encontrado');
    expectProblem(await api.list(world.admin.token, 'not-a-uuid'), 400, /^id: /);
  });
});

describe('deleting a document', () => {
  it('is for administrators only: the owning agent gets 403 and the document stays', async () => {
    const document = await uploadPdf();
    expectProblem(
      await api.remove(world.agent.token, world.customer.id, document.id),
      403,
      'No tiene permisos para esta operación',
    );
    expect(await api.listOk(world.agent.token, world.customer.id)).toHaveLength(1);
  });

  it('removes the row and its stored file in one go, audited with what the document was', async () => {
    const kept = await api.uploadOk(world.agent.token, world.customer.id, documentParts(png));
    const document = await uploadPdf();
    const response = await api.remove(world.admin.token, world.customer.id, document.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'OK', data: { id: document.id } });

    expect((await api.listOk(world.admin.token, world.customer.id)).map((d) => d.id)).toEqual([kept.id]);
    const files = rowsOf<{ id: string; sha256: string }>(
      await context.database.db.execute(sql`select id, sha256 from stored_files`),
    );
    // The PNG's own row is left (its bytes are the server's re-encoded copy, not the upload's).
    expect(files).toHaveLength(1);
    expect(files[0]?.sha256).not.toBe(sha256(pdf));
    const [created, deleted, ...more] = await auditRowsOf(context, document.id);
    expect(more).toEqual([]);
    expect(created?.action).toBe('created');
    expect(deleted).toEqual({
      user_id: world.admin.id,
      entity: 'customer_document',
      entity_id: document.id,
      action: 'deleted',
      before: created?.after,
      after: null,
    });
    // Its link no longer opens anything.
    expectProblem(await api.open(document.uri), 404, 'Documento no encontrado');
  });

  it('an unknown document, one already deleted, or another customer’s is 404', async () => {
    const document = await uploadPdf();
    const theirs = await secondCustomer(context, world.admin);
    expectProblem(
      await api.remove(world.admin.token, theirs.id, document.id),
      404,
      'Documento no encontrado',
    );
    expectProblem(
      await api.remove(world.admin.token, world.customer.id, uuidv7()),
      404,
      'Documento no encontrado',
    );
    expect((await api.remove(world.admin.token, world.customer.id, document.id)).statusCode).toBe(200);
    expectProblem(
      await api.remove(world.admin.token, world.customer.id, document.id),
      404,
      'Documento no encontrado',
    );
  });

  it('of two concurrent deletes one succeeds and the other finds nothing', async () => {
    const document = await uploadPdf();
    const replies = await Promise.all([
      api.remove(world.admin.token, world.customer.id, document.id),
      api.remove(world.admin.token, world.customer.id, document.id),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await countOf(context, 'stored_files')).toBe(0);
  });
});

describe('the signed link', () => {
  const open = (uri: string) => request(context.app, { method: 'GET', url: uri });

  it('is refused when missing, tampered with, expired, or signed for another document', async () => {
    const document = await uploadPdf();
    const other = await uploadPdf();
    const [path, query = ''] = document.uri.split('?');
    const params = new URLSearchParams(query);
    const expires = params.get('expires') ?? '';
    const signature = params.get('signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const otherQuery = other.uri.split('?')[1];
    for (const url of [
      path ?? '',
      `${path}?expires=${expires}&signature=${flipped}`,
      `${path}?expires=${Number(expires) + 60}&signature=${signature}`,
      `${path}?expires=1000000000&signature=${signature}`,
      `${path}?${otherQuery}`,
      `${path}?expires=${expires}&expires=${expires}&signature=${signature}`,
    ]) {
      expectProblem(await open(url), 403, 'El enlace del documento no es válido o ya expiró');
    }
    expect((await open(document.uri)).statusCode).toBe(200);
  });

  it("opens a document only under its own customer's path", async () => {
    const document = await uploadPdf();
    const theirs = await secondCustomer(context, world.admin);
    const moved = document.uri.replace(world.customer.id, theirs.id);
    expectProblem(await open(moved), 404, 'Documento no encontrado');
  });
});

describe('at most MAX_DOCUMENTS_PER_CUSTOMER documents per customer', () => {
  it('refuses one more with 409, and takes it again once one is deleted', async () => {
    const uploaded = [];
    for (let i = 0; i < MAX_DOCUMENTS_PER_CUSTOMER; i += 1)
      uploaded.push(await api.uploadOk(world.agent.token, world.customer.id, documentParts(png)));
    expectProblem(
      await api.upload(world.agent.token, world.customer.id, documentParts(png)),
      409,
      `El cliente ya tiene ${MAX_DOCUMENTS_PER_CUSTOMER} documentos; elimine alguno antes de subir otro`,
    );
    const first = uploaded[0]?.id ?? '';
    expect((await api.remove(world.admin.token, world.customer.id, first)).statusCode).toBe(200);
    await api.uploadOk(world.agent.token, world.customer.id, documentParts(png));
    expect(await countOf(context, 'customer_documents')).toBe(MAX_DOCUMENTS_PER_CUSTOMER);
  }, 60_000);
});

describe("the customer's history", () => {
  it('shows its documents being uploaded and deleted, to the owning agent too', async () => {
    const document = await uploadPdf();
    await api.remove(world.admin.token, world.customer.id, document.id);
    const response = await request(context.app, {
      method: 'GET',
      url: `/api/v1/audit/customer/${world.customer.id}`,
      token: world.agent.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = (response.json().data as { entity: string; entityId: string; action: string }[]).filter(
      (row) => row.entity === 'customer_document',
    );
    expect(rows.map((row) => [row.entityId, row.action])).toEqual([
      [document.id, 'deleted'],
      [document.id, 'created'],
    ]);
  });
});
