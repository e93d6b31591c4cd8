import { MAX_DOCUMENT_BYTES } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerDocumentsApi } from '../support/api.ts';
import { expectProblem, useTestAppWithDataDir } from '../support/app.ts';
import { documentParts, filesUnder, fixture, type Part } from '../support/builders.ts';
import {
  htmlBehindJpegHeader,
  imageOf,
  pdfWithOpenActionScript,
  photoWithGps,
  pngDeclaring,
  realPngOfExactly,
} from '../support/images.ts';
import { auditRowsOf, countOf } from '../support/records.ts';
import { sha256, storedFiles } from '../support/stored-files.ts';
import { useLoanWorld } from '../support/worlds.ts';

/**
 * A customer's documents: images (JPEG, PNG, WebP, HEIC) or PDFs decided by their bytes, at most 10 MB,
 * stored in the database (stored_files) with the document row and its audit entry — never on disk —
 * listed newest first with type, date and uploader, and served through signed links. After any
 * refusal nothing is stored anywhere.
 */
const context = useTestAppWithDataDir();
const api = customerDocumentsApi(context);
const world = useLoanWorld(context);
const pdf = fixture('document.pdf');
const png = fixture('proof.png');

/** Every row the feature writes, to prove a refused upload wrote none of them. */
/** What every stored file's reply carries, whatever it is. */
function expectFileReplyHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toMatch(/^sandbox; default-src 'none';/);
  expect(headers['content-security-policy']).not.toContain('script-src');
}

const stored = async () => ({
  documents: await countOf(context, 'customer_documents'),
  files: await countOf(context, 'stored_files'),
  audit: await countOf(context, 'audit_log'),
  disk: filesUnder(context.dataDir),
});

describe('uploading a document', () => {
  it.each([
    ['proof.png', 'image/png', 'png'],
    ['proof.jpg', 'image/jpeg', 'jpeg'],
    ['proof.webp', 'image/webp', 'webp'],
  ])(
    'stores %s re-encoded and typed by its content (%s), whatever name and type the client declares',
    async (name, type, format) => {
      const bytes = fixture(name);
      const created = await api.uploadOk(
        world.agent.token,
        world.customer.id,
        documentParts(bytes, { type: 'OTHER', filename: 'archivo.gif', contentType: 'text/plain' }),
      );
      const [file, ...more] = await storedFiles(context);
      expect(more).toEqual([]);
      const storedBytes = file?.bytes ?? Buffer.alloc(0);
      expect(created).toMatchObject({
        type: 'OTHER',
        contentType: type,
        sizeBytes: storedBytes.length,
        filename: 'archivo.gif',
        description: null,
        uploadedBy: { id: world.agent.id, name: 'Ana', lastName: 'Agente' },
      });
      expect(file).toMatchObject({ content_type: type, sha256: sha256(storedBytes), reencoded: true });
      const uploaded = await imageOf(bytes);
      expect(await imageOf(storedBytes)).toMatchObject({
        format,
        width: uploaded.width,
        height: uploaded.height,
      });
      expect(filesUnder(context.dataDir)).toEqual([]);
    },
  );

  it('stores document.pdf as received (application/pdf), whatever name and type the client declares', async () => {
    const created = await api.uploadOk(
      world.agent.token,
      world.customer.id,
      documentParts(pdf, { type: 'OTHER', filename: 'archivo.gif', contentType: 'text/plain' }),
    );
    expect(created).toMatchObject({ contentType: 'application/pdf', sizeBytes: pdf.length });
    const [file, ...more] = await storedFiles(context);
    expect(more).toEqual([]);
    expect(file).toMatchObject({ content_type: 'application/pdf', sha256: sha256(pdf), reencoded: false });
    expect(file?.bytes.equals(pdf)).toBe(true);
  });

  it('stores an INE photo without its EXIF: the GPS position of where it was taken is gone', async () => {
    const photo = await photoWithGps(1600, 1000);
    const created = await api.uploadOk(world.agent.token, world.customer.id, documentParts(photo));
    expect(created.contentType).toBe('image/jpeg');
    const [file] = await storedFiles(context);
    const storedBytes = file?.bytes ?? Buffer.alloc(0);
    expect(await imageOf(storedBytes)).toMatchObject({
      format: 'jpeg',
      width: 1600,
      height: 1000,
      hasExif: false,
    });
    expect(storedBytes.toString('latin1')).not.toContain('PhoneMaker');
    // The served copy is the same re-encoded one, inline.
    const response = await api.open(created.uri);
    expect(response.rawPayload.equals(storedBytes)).toBe(true);
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="documento.png"/);
  });

  it('lists the documents newest first with type, description, date and who uploaded them', async () => {
    const front = await api.uploadOk(world.agent.token, world.customer.id, documentParts(png));
    const bill = await api.uploadOk(
      world.admin.token,
      world.customer.id,
      documentParts(pdf, {
        type: 'PROOF_OF_ADDRESS',
        description: '  Recibo de luz, marzo  ',
        filename: 'Recibo CFE · marzo.pdf',
        contentType: 'application/pdf',
      }),
    );
    const listed = await api.listOk(world.agent.token, world.customer.id);
    expect(listed.map((d) => [d.id, d.type, d.description, d.filename, d.contentType])).toEqual([
      [bill.id, 'PROOF_OF_ADDRESS', 'Recibo de luz, marzo', 'Recibo CFE · marzo.pdf', 'application/pdf'],
      [front.id, 'INE_FRONT', null, 'documento.png', 'image/png'],
    ]);
    expect(listed[0]?.uploadedBy?.id).toBe(world.admin.id);
    expect(listed[1]?.uploadedBy).toEqual({ id: world.agent.id, name: 'Ana', lastName: 'Agente' });
    for (const document of listed) {
      expect(Date.parse(document.uploadedOn)).not.toBeNaN();
      expect(document.uri).toMatch(
        new RegExp(
          `^/api/v1/customers/${world.customer.id}/documents/${document.id}/file\\?expires=\\d+&signature=[0-9a-f]{64}$`,
        ),
      );
    }
    expect(await api.listOk(world.admin.token, world.customer.id)).toHaveLength(2);
  });

  it('serves a PDF through its signed link, without a session, only as an attachment', async () => {
    const created = await api.uploadOk(
      world.agent.token,
      world.customer.id,
      documentParts(pdf, { type: 'PROOF_OF_ADDRESS', filename: 'Comprobante ñ.pdf' }),
    );
    const response = await api.open(created.uri);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.equals(pdf)).toBe(true);
    expectFileReplyHeaders(response.headers);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Comprobante _.pdf"; filename*=UTF-8''Comprobante%20%C3%B1.pdf`,
    );
  });

  it('serves a PDF whose catalogue runs JavaScript (/OpenAction /JS) only as a sandboxed attachment', async () => {
    const script = pdfWithOpenActionScript();
    const created = await api.uploadOk(
      world.agent.token,
      world.customer.id,
      documentParts(script, { type: 'OTHER', filename: 'factura.pdf', contentType: 'application/pdf' }),
    );
    expect(created.contentType).toBe('application/pdf');
    const response = await api.open(created.uri);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="factura.pdf"/);
    expectFileReplyHeaders(response.headers);
  });

  it('serves a file stored before re-encoding existed (reencoded false) as an attachment', async () => {
    const created = await api.uploadOk(world.agent.token, world.customer.id, documentParts(png));
    await context.database.db.execute(sql`update stored_files set reencoded = false`);
    const response = await api.open(created.uri);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="documento.png"/);
    expectFileReplyHeaders(response.headers);
  });

  it('writes an audit entry naming the customer, the type, the file and its SHA-256', async () => {
    const created = await api.uploadOk(
      world.agent.token,
      world.customer.id,
      documentParts(pdf, { type: 'INE_BACK', filename: 'ine.pdf', description: 'Reverso' }),
    );
    expect(await auditRowsOf(context, created.id)).toEqual([
      {
        user_id: world.agent.id,
        entity: 'customer_document',
        entity_id: created.id,
        action: 'created',
        before: null,
        after: {
          customerId: world.customer.id,
          documentType: 'INE_BACK',
          description: 'Reverso',
          filename: 'ine.pdf',
          contentType: 'application/pdf',
          sizeBytes: pdf.length,
          sha256: sha256(pdf),
        },
      },
    ]);
  });

  it('accepts a real image of exactly 10 MB', async () => {
    const exactly10mb = await realPngOfExactly(MAX_DOCUMENT_BYTES);
    expect(exactly10mb.length).toBe(MAX_DOCUMENT_BYTES);
    const created = await api.uploadOk(world.agent.token, world.customer.id, documentParts(exactly10mb));
    const [file] = await storedFiles(context);
    expect(created.sizeBytes).toBe(file?.size_bytes);
    expect(await imageOf(file?.bytes ?? Buffer.alloc(0))).toMatchObject({ format: 'png' });
    // 10 MB through multipart, a re-encode and a 10 MB row: seconds, more on a loaded machine.
  }, 120_000);
});

describe('refused uploads leave nothing stored, on disk or in the database', () => {
  const refusals: [string, () => Part[], number, string][] = [
    [
      'a text file named .pdf',
      () => documentParts(Buffer.from('Esto no es un PDF, es texto.\n'), { filename: 'ine.pdf' }),
      415,
      'El documento debe ser una imagen JPG, PNG, WebP o HEIC, o un PDF',
    ],
    [
      'a PDF header without the rest of the file',
      () => documentParts(pdf.subarray(0, 200), { filename: 'cortado.pdf', contentType: 'application/pdf' }),
      415,
      'El documento debe ser una imagen JPG, PNG, WebP o HEIC, o un PDF',
    ],
    [
      'a JPEG header followed by HTML',
      () => documentParts(htmlBehindJpegHeader(), { filename: 'ine.jpg', contentType: 'image/jpeg' }),
      415,
      'El documento está dañado o no es una imagen JPG, PNG, WebP o HEIC válida',
    ],
    [
      'a small PNG declaring 20000×20000',
      () => documentParts(pngDeclaring(20_000, 20_000), { filename: 'ine.png' }),
      413,
      'La imagen del documento excede 40 megapíxeles',
    ],
    [
      'a file over 10 MB',
      () => documentParts(Buffer.concat([png, Buffer.alloc(MAX_DOCUMENT_BYTES - png.length + 1)])),
      413,
      'El documento excede 10 MB',
    ],
    ['an empty file', () => documentParts(Buffer.alloc(0)), 400, 'file: El documento está vacío'],
    ['no file', () => [{ name: 'type', body: 'INE_FRONT' }], 400, 'file: Adjunte el archivo del documento'],
    [
      'two files',
      () => [...documentParts(png), { name: 'file', body: png, filename: 'b.png' }],
      400,
      'Solo se permite un archivo',
    ],
    [
      'an unknown type',
      () => documentParts(png, { type: 'PASAPORTE' }),
      400,
      'type: Seleccione el tipo de documento',
    ],
    [
      'no type',
      () => [{ name: 'file', body: png, filename: 'a.png', contentType: 'image/png' }],
      400,
      'type: Seleccione el tipo de documento',
    ],
    [
      'the type twice',
      () => [{ name: 'type', body: 'OTHER' }, ...documentParts(png)],
      400,
      'type: Envíe un solo valor',
    ],
    [
      'a description over 200 characters',
      () => documentParts(png, { description: 'x'.repeat(201) }),
      400,
      'description: La descripción admite como máximo 200 caracteres',
    ],
    [
      'a description with a right-to-left override',
      () => documentParts(png, { description: 'INE \u202Egpj.exe' }),
      400,
      'description: La descripción contiene caracteres no permitidos',
    ],
    [
      'a file name over 255 characters',
      () => documentParts(png, { filename: `${'a'.repeat(252)}.png` }),
      400,
      'file: El nombre del archivo admite como máximo 255 caracteres',
    ],
  ];

  it.each(refusals)('%s', async (_case, parts, status, detail) => {
    const before = await stored();
    expectProblem(await api.upload(world.agent.token, world.customer.id, parts()), status, detail);
    expect(await stored()).toEqual(before);
  });

  it('a body that is not multipart is a 415 that says how to send it', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v1/customers/${world.customer.id}/documents`,
      headers: { authorization: `Bearer ${world.agent.token}` },
      payload: { type: 'INE_FRONT' },
    });
    expectProblem(response, 415, 'Envíe el documento como multipart/form-data con las partes type y file');
  });
});
