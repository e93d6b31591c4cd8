import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { importUploadedFiles } from '../../src/db/import-uploads.ts';
import { paymentsApi } from '../support/api.ts';
import { request, useTestApp } from '../support/app.ts';
import { filesUnder, fixture, jsonPart, tempDataDir } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { sha256, storedFiles } from '../support/stored-files.ts';
import { activeLoan, type LoanWorld, loanWorld } from '../support/worlds.ts';

/**
 * An older installation kept each proof image as DATA_DIR/uploads/<storage_key>. At start the server
 * moves them into stored_files (checked, one transaction per file, removed from disk after commit),
 * idempotently, and their signed links keep working.
 */
const dataDir = tempDataDir();
const uploads = join(dataDir.dir, 'uploads');
const context = useTestApp({ dataDir: dataDir.dir });
const api = paymentsApi(context);
let world: LoanWorld;
let loanId: string;
const warnings: unknown[] = [];
const log = {
  info: () => {},
  warn: (details: unknown) => {
    warnings.push(details);
  },
} as unknown as Parameters<typeof importUploadedFiles>[2];
const importFiles = () => importUploadedFiles(context.database.db, dataDir.dir, log);

afterAll(() => dataDir.remove());

beforeEach(async () => {
  dataDir.remove();
  mkdirSync(dataDir.dir, { recursive: true });
  warnings.length = 0;
  world = await loanWorld(context);
  loanId = (await activeLoan(context, world.admin, world.customer.id)).loan.id;
});

/**
 * A TRANSFER payment whose proof is a file under DATA_DIR/uploads, as an older installation stored it:
 * an attachment row with a storage key and no stored file. Returns the attachment's id and key.
 */
async function legacyAttachment(bytes: Buffer, row: { contentType: string; sizeBytes?: number }) {
  const [next] = (await api.pendingOk(world.agent.token, loanId)).scheduledPayments;
  const payment = await api.registerOk(world.agent.token, loanId, [
    jsonPart({ scheduledPaymentIds: [next?.id ?? ''], paymentMethod: 'TRANSFER' }),
  ]);
  const id = uuidv7();
  const storageKey = randomBytes(16).toString('hex');
  await context.database.db.execute(sql`
    insert into payment_attachments (id, payment_id, storage_key, content_type, size_bytes)
    values (${id}, ${payment.id}, ${storageKey}, ${row.contentType}, ${row.sizeBytes ?? bytes.length})`);
  mkdirSync(uploads, { recursive: true });
  writeFileSync(join(uploads, storageKey), bytes);
  return { id, storageKey, paymentId: payment.id };
}

async function attachmentRow(id: string) {
  const [row] = rowsOf<{ file_id: string | null; storage_key: string | null }>(
    await context.database.db.execute(
      sql`select file_id, storage_key from payment_attachments where id = ${id}`,
    ),
  );
  return row;
}

async function servedProof(paymentId: string) {
  const [attachment] = (await api.detailsOk(world.admin.token, paymentId)).attachments;
  if (!attachment) throw new Error('no attachment');
  return request(context.app, { method: 'GET', url: attachment.uri });
}

describe('importing DATA_DIR/uploads at start', () => {
  it('moves a real image into the database, removes the file and its directory; its signed link keeps working', async () => {
    const jpeg = fixture('proof.jpg');
    const legacy = await legacyAttachment(jpeg, { contentType: 'image/jpeg' });
    mkdirSync(join(uploads, 'tmp'));
    writeFileSync(join(uploads, 'tmp', 'abandonada.part'), randomBytes(64));
    expect((await servedProof(legacy.paymentId)).statusCode).toBe(404);

    expect(await importFiles()).toEqual({ imported: 1, removed: 0, kept: 0 });
    const [file, ...more] = await storedFiles(context);
    expect(more).toEqual([]);
    expect(file).toMatchObject({ content_type: 'image/jpeg', size_bytes: jpeg.length, sha256: sha256(jpeg) });
    expect(file?.bytes.equals(jpeg)).toBe(true);
    expect(await attachmentRow(legacy.id)).toEqual({ file_id: file?.id, storage_key: legacy.storageKey });
    expect(existsSync(uploads)).toBe(false);
    expect(filesUnder(dataDir.dir)).toEqual([]);

    const served = await servedProof(legacy.paymentId);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(jpeg)).toBe(true);
  });

  it('is idempotent: a second start finds nothing, and a file removed too late is recognised by its SHA-256', async () => {
    const png = fixture('proof.png');
    const legacy = await legacyAttachment(png, { contentType: 'image/png' });
    expect(await importFiles()).toEqual({ imported: 1, removed: 0, kept: 0 });
    expect(await importFiles()).toEqual({ imported: 0, removed: 0, kept: 0 });
    // The import committed but the server stopped before removing the file.
    mkdirSync(uploads, { recursive: true });
    writeFileSync(join(uploads, legacy.storageKey), png);
    expect(await importFiles()).toEqual({ imported: 0, removed: 1, kept: 0 });
    expect(filesUnder(dataDir.dir)).toEqual([]);
    expect(await storedFiles(context)).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('keeps (and reports) a file that is not what its row says, other bytes under an imported name, or no row', async () => {
    const png = fixture('proof.png');
    const truncated = await legacyAttachment(png.subarray(0, 40), {
      contentType: 'image/png',
      sizeBytes: png.length,
    });
    const notImage = await legacyAttachment(Buffer.from('no soy una imagen'), { contentType: 'image/png' });
    const imported = await legacyAttachment(fixture('proof.webp'), { contentType: 'image/webp' });
    const orphan = randomBytes(16).toString('hex');
    writeFileSync(join(uploads, orphan), png);
    expect(await importFiles()).toEqual({ imported: 1, removed: 0, kept: 3 });
    writeFileSync(join(uploads, imported.storageKey), png);
    expect(await importFiles()).toEqual({ imported: 0, removed: 0, kept: 4 });

    expect((await attachmentRow(truncated.id))?.file_id).toBeNull();
    expect((await attachmentRow(notImage.id))?.file_id).toBeNull();
    expect((await storedFiles(context)).map((f) => f.content_type)).toEqual(['image/webp']);
    expect(filesUnder(uploads).sort()).toEqual(
      [truncated.storageKey, notImage.storageKey, imported.storageKey, orphan].sort(),
    );
    expect(warnings).toHaveLength(7);
  });

  it('does nothing without DATA_DIR/uploads, and leaves an attachment whose file is elsewhere as it was', async () => {
    expect(await importFiles()).toEqual({ imported: 0, removed: 0, kept: 0 });
    const elsewhere = await legacyAttachment(fixture('proof.png'), { contentType: 'image/png' });
    dataDir.remove();
    mkdirSync(dataDir.dir, { recursive: true });
    expect(await importFiles()).toEqual({ imported: 0, removed: 0, kept: 0 });
    expect(await attachmentRow(elsewhere.id)).toEqual({ file_id: null, storage_key: elsewhere.storageKey });
    expect((await servedProof(elsewhere.paymentId)).statusCode).toBe(404);
  });
});
