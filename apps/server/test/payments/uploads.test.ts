import { MAX_PROOF_BYTES } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { createUserAndLogin, expectProblem, useTestApp } from '../support/app.ts';
import {
  filePart,
  filesUnder,
  fixture,
  jsonPart,
  type Part,
  tempDataDir,
  textPart,
} from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import {
  htmlBehindJpegHeader,
  imageOf,
  photoWithGps,
  pngDeclaring,
  realPngOfExactly,
} from '../support/images.ts';
import { sha256, storedFiles } from '../support/stored-files.ts';
import { activeLoan, useLoanWorld } from '../support/worlds.ts';

/**
 * The proof image of a TRANSFER payment: one file, JPEG/PNG/WebP/HEIC by content, at most 10 MB,
 * stored in the database (stored_files) with the payment — never on disk — and after any refusal,
 * nothing stored anywhere.
 */
const dataDir = tempDataDir();
const context = useTestApp({ dataDir: dataDir.dir });
afterAll(() => dataDir.remove());
const api = paymentsApi(context);
const world = useLoanWorld(context);
let loanId: string;
let firstInstallment: string;

beforeEach(async () => {
  const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
  loanId = loan.id;
  firstInstallment = schedule[0]?.id ?? '';
});

const transfer = () => jsonPart({ scheduledPaymentIds: [firstInstallment], paymentMethod: 'TRANSFER' });

async function attachments() {
  return rowsOf<{
    storage_key: string | null;
    file_id: string;
    content_type: string;
    size_bytes: number;
    payment_id: string;
  }>(
    await context.database.db.execute(
      sql`select storage_key, file_id, content_type, size_bytes, payment_id from payment_attachments order by created_on`,
    ),
  );
}

async function paymentCount() {
  const [row] = rowsOf<{ n: number }>(
    await context.database.db.execute(sql`select count(*)::int as n from payments`),
  );
  return row?.n ?? -1;
}

describe('a proof image with a TRANSFER payment', () => {
  it.each([
    ['proof.png', 'image/png', 'png'],
    ['proof.jpg', 'image/jpeg', 'jpeg'],
    ['proof.webp', 'image/webp', 'webp'],
  ])(
    'stores %s re-encoded in the database with its payment, typed by its content (%s)',
    async (name, contentType, format) => {
      const bytes = fixture(name);
      const uploaded = await imageOf(bytes);
      // The declared name and type lie on purpose: only the bytes count.
      const payment = await api.registerOk(world.agent.token, loanId, [
        transfer(),
        filePart(bytes, 'captura.gif', 'application/octet-stream'),
      ]);
      expect(payment).toMatchObject({ paymentMethod: 'TRANSFER', status: 'VALIDATING', amount: 1_000 });
      const [row] = await attachments();
      const [file, ...more] = await storedFiles(context);
      expect(more).toEqual([]);
      expect(row).toMatchObject({ content_type: contentType, payment_id: payment.id });
      expect(row?.storage_key).toBeNull();
      expect(row?.file_id).toBe(file?.id);
      const stored = file?.bytes ?? Buffer.alloc(0);
      expect(file).toMatchObject({
        content_type: contentType,
        size_bytes: stored.length,
        sha256: sha256(stored),
        reencoded: true,
      });
      expect(row?.size_bytes).toBe(stored.length);
      // The stored copy is the server's own encoding of the same picture.
      expect(await imageOf(stored)).toMatchObject({ format, width: uploaded.width, height: uploaded.height });
      expect(filesUnder(dataDir.dir)).toEqual([]);
    },
  );

  it('stores a phone photo without its EXIF (no GPS position), still a JPEG of the same size', async () => {
    const photo = await photoWithGps(1200, 900);
    expect(photo.toString('latin1')).toContain('PhoneMaker');
    await api.registerOk(world.agent.token, loanId, [
      transfer(),
      filePart(photo, 'IMG_0001.JPG', 'image/jpeg'),
    ]);
    const [file] = await storedFiles(context);
    const stored = file?.bytes ?? Buffer.alloc(0);
    expect(await imageOf(stored)).toMatchObject({ format: 'jpeg', width: 1200, height: 900, hasExif: false });
    expect(stored.toString('latin1')).not.toContain('PhoneMaker');
    expect(stored.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
  });

  it('accepts HEIC (ftyp heic) as received, and a real image of exactly 10 MB; the JSON part may come after the file', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(64, 1)]);
    await api.registerOk(world.agent.token, loanId, [
      filePart(heic, 'IMG_0001.HEIC', 'image/heic'),
      transfer(),
    ]);
    expect((await attachments()).map((a) => a.content_type)).toEqual(['image/heic']);

    const second = (await api.pendingOk(world.agent.token, loanId)).scheduledPayments[0]?.id ?? '';
    const exactly10mb = await realPngOfExactly(MAX_PROOF_BYTES);
    expect(exactly10mb.length).toBe(MAX_PROOF_BYTES);
    await api.registerOk(world.agent.token, loanId, [
      jsonPart({ scheduledPaymentIds: [second], paymentMethod: 'TRANSFER' }),
      filePart(exactly10mb),
    ]);
    const files = await storedFiles(context);
    // The HEIC cannot be decoded here (no HEVC decoder): kept byte for byte, never served inline.
    expect(files.map((f) => [f.content_type, f.reencoded])).toEqual([
      ['image/heic', false],
      ['image/png', true],
    ]);
    expect(files[0]?.bytes.equals(heic)).toBe(true);
    expect(await imageOf(files[1]?.bytes ?? Buffer.alloc(0))).toMatchObject({ format: 'png' });
    expect((await attachments()).map((a) => a.size_bytes)).toEqual(files.map((f) => f.size_bytes));
    expect(filesUnder(dataDir.dir)).toEqual([]);
    // 10 MB through multipart, a re-encode and a 10 MB row: seconds, more on a loaded machine.
  }, 120_000);

  it('a TRANSFER without a file is fine', async () => {
    await api.registerOk(world.agent.token, loanId, [transfer()]);
    expect(await attachments()).toEqual([]);
  });
});

describe('refused uploads leave nothing stored, on disk or in the database', () => {
  const png = fixture('proof.png');
  const cases: [string, () => Part[], number, string][] = [
    [
      'a .jpg that is really text → 415',
      () => [
        transfer(),
        filePart(Buffer.from('esto es texto, no una foto\n'.repeat(20)), 'foto.jpg', 'image/jpeg'),
      ],
      415,
      'El comprobante debe ser una imagen JPG, PNG, WebP o HEIC',
    ],
    [
      'a PDF → 415',
      () => [
        transfer(),
        filePart(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'recibo.pdf', 'application/pdf'),
      ],
      415,
      'El comprobante debe ser una imagen JPG, PNG, WebP o HEIC',
    ],
    [
      'a JPEG header followed by HTML → 415',
      () => [transfer(), filePart(htmlBehindJpegHeader(), 'foto.jpg', 'image/jpeg')],
      415,
      'El comprobante está dañado o no es una imagen JPG, PNG, WebP o HEIC válida',
    ],
    [
      'a small PNG declaring 20000×20000 → 413, from its header',
      () => [transfer(), filePart(pngDeclaring(20_000, 20_000), 'enorme.png', 'image/png')],
      413,
      'La imagen del comprobante excede 40 megapíxeles',
    ],
    [
      '11 MB → 413',
      () => [transfer(), filePart(Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]))],
      413,
      'El comprobante excede 10 MB',
    ],
    [
      '10 MB + 1 byte → 413',
      () => [transfer(), filePart(Buffer.concat([png, Buffer.alloc(MAX_PROOF_BYTES + 1 - png.length)]))],
      413,
      'El comprobante excede 10 MB',
    ],
    [
      'two files → 400',
      () => [transfer(), filePart(png), filePart(fixture('proof.jpg'), 'b.jpg', 'image/jpeg')],
      400,
      'Solo se permite un archivo',
    ],
    [
      'two files under other names → 400',
      () => [transfer(), filePart(png), { ...filePart(png), name: 'file2' }],
      400,
      'Solo se permite un archivo',
    ],
    [
      'an image with CASH → 400',
      () => [jsonPart({ scheduledPaymentIds: [firstInstallment], paymentMethod: 'CASH' }), filePart(png)],
      400,
      'Solo se adjunta comprobante en pagos por transferencia',
    ],
    ['zero bytes → 400', () => [transfer(), filePart(Buffer.alloc(0))], 400, 'El comprobante está vacío'],
    [
      'a valid image with a broken paymentRequest → 400',
      () => [filePart(png), textPart('{roto')],
      400,
      'paymentRequest: JSON inválido',
    ],
    [
      'a valid image with an invalid application/json part after it → 400',
      () => [filePart(png), jsonPart('{roto')],
      400,
      'paymentRequest: JSON inválido',
    ],
    ['a valid image and no paymentRequest → 400', () => [filePart(png)], 400, 'paymentRequest: es requerido'],
    [
      'a valid image with no items selected → 400',
      () => [jsonPart({ scheduledPaymentIds: [], feeIds: [], paymentMethod: 'TRANSFER' }), filePart(png)],
      400,
      'Seleccione al menos un pago o multa',
    ],
  ];

  it.each(cases)('%s', async (_label, parts, status, detail) => {
    expectProblem(await api.register(world.agent.token, loanId, parts()), status, detail);
    expect(filesUnder(dataDir.dir)).toEqual([]);
    expect(await storedFiles(context)).toEqual([]);
    expect(await attachments()).toEqual([]);
    expect(await paymentCount()).toBe(0);
  });

  it('a valid image refused because the items are already in validation (409) is removed too', async () => {
    await api.registerOk(world.agent.token, loanId, [transfer(), filePart(png)]);
    const stored = await storedFiles(context);
    expect(stored).toHaveLength(1);
    expectProblem(
      await api.register(world.agent.token, loanId, [transfer(), filePart(fixture('proof.jpg'))]),
      409,
      'Alguno de los conceptos ya fue pagado o está en validación',
    );
    expect(await storedFiles(context)).toEqual(stored);
    expect(filesUnder(dataDir.dir)).toEqual([]);
  });

  it('a loan of another agent (404) leaves nothing either', async () => {
    const stranger = await createUserAndLogin(context);
    expectProblem(
      await api.register(stranger.token, loanId, [transfer(), filePart(png)]),
      404,
      'Préstamo no encontrado',
    );
    expect(filesUnder(dataDir.dir)).toEqual([]);
    expect(await storedFiles(context)).toEqual([]);
  });
});
