import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { agentCredentialHeader, MAX_PROOF_BYTES } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { attachmentLinkKey, signedAttachmentUri } from '../../src/modules/payments/attachment-links.ts';
import { storedFiles } from '../payments/stored-files.ts';
import { paymentsApi } from '../support/api.ts';
import { expectProblem, request, testConfig, useTestApp } from '../support/app.ts';
import {
  filePart,
  filesUnder,
  fixture,
  jsonPart,
  multipart,
  type Part,
  tempDataDir,
} from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { activeLoan, type LoanWorld, loanWorld } from '../support/worlds.ts';

/**
 * Uploads, beyond test/payments/uploads.test.ts (the staff flow's refusals): the
 * PUBLIC flow refuses the same bad files with nothing stored anywhere; a client that hangs up
 * mid-upload leaves nothing either; a hostile file name never becomes a path; nothing is ever written
 * under DATA_DIR; and a stored image is reachable only through its own valid, unexpired signed link —
 * not another payment's link, not a staff session, not a path into DATA_DIR, not the web root.
 */
const dataDir = tempDataDir();
const webRoot = tempDataDir();
const webDist = webRoot.dir;
mkdirSync(join(webDist, 'assets'), { recursive: true });
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>PrestaYa</title><div id="root"></div>');
const context = useTestApp({ dataDir: dataDir.dir, webDist });
const payments = paymentsApi(context);
let world: LoanWorld;
let loanId: string;
let installments: string[];
let clientCounter = 0;

afterAll(() => {
  dataDir.remove();
  webRoot.remove();
});

beforeEach(async () => {
  world = await loanWorld(context);
  const active = await activeLoan(context, world.admin, world.customer.id);
  loanId = active.loan.id;
  installments = active.schedule.map((p) => p.id);
});

/** A public payment authorised with the agent's PIN, each from its own client address (rate limit). */
function payPublicly(parts: Part[]) {
  const { payload, headers } = multipart(parts);
  clientCounter += 1;
  return context.app.inject({
    method: 'POST',
    url: `/public/api/v1/loans/${loanId}/payments`,
    payload,
    headers: { ...headers, authorization: agentCredentialHeader(world.agent.num, world.agent.pin) },
    remoteAddress: `10.9.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`,
  });
}

async function count(table: 'payments' | 'payment_attachments' | 'stored_files'): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await context.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
  );
  return row?.n ?? -1;
}

/** Nothing under DATA_DIR and no payment, attachment or stored file row. */
async function expectNothingStored() {
  expect(filesUnder(dataDir.dir)).toEqual([]);
  expect(await count('payments')).toBe(0);
  expect(await count('payment_attachments')).toBe(0);
  expect(await count('stored_files')).toBe(0);
}

const png = fixture('proof.png');
const transfer = (): Part =>
  jsonPart({ scheduledPaymentIds: [installments[0] ?? ''], paymentMethod: 1 as never });
const cash = (): Part =>
  jsonPart({ scheduledPaymentIds: [installments[0] ?? ''], paymentMethod: 0 as never });

describe('refused public uploads leave nothing stored', () => {
  const NOT_IMAGE = 'El comprobante debe ser una imagen JPG, PNG, WebP o HEIC';
  const cases: [string, () => Part[], number, string][] = [
    [
      'a PDF (wrong type) → 415',
      () => [transfer(), filePart(Buffer.from('%PDF-1.7\n1 0 obj\n'), 'r.pdf', 'application/pdf')],
      415,
      NOT_IMAGE,
    ],
    [
      'a text file renamed foto.png, declared image/png → 415',
      () => [transfer(), filePart(Buffer.from('solo texto\n'.repeat(50)), 'foto.png', 'image/png')],
      415,
      NOT_IMAGE,
    ],
    [
      'an HTML page renamed .jpg → 415',
      () => [
        transfer(),
        filePart(Buffer.from('<html><script>alert(1)</script></html>'), 'x.jpg', 'image/jpeg'),
      ],
      415,
      NOT_IMAGE,
    ],
    [
      '11 MB → 413',
      () => [transfer(), filePart(Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]))],
      413,
      'El comprobante excede 10 MB',
    ],
    [
      'two files → 400',
      () => [transfer(), filePart(png), filePart(fixture('proof.webp'), 'b.webp', 'image/webp')],
      400,
      'Solo se permite un archivo',
    ],
    [
      'an image with CASH (method 0) → 400',
      () => [cash(), filePart(png)],
      400,
      'Solo se adjunta comprobante en pagos por transferencia',
    ],
    ['zero bytes → 400', () => [transfer(), filePart(Buffer.alloc(0))], 400, 'El comprobante está vacío'],
    [
      'a paymentRequest Blob that is not UTF-8 (C0 80) → 400',
      () => [
        {
          name: 'paymentRequest',
          filename: 'blob',
          contentType: 'application/json',
          body: Buffer.concat([
            Buffer.from(
              `{"scheduledPaymentIds":["${installments[0] ?? ''}"],"paymentMethod":"TRANSFER","x":"`,
            ),
            Buffer.from([0xc0, 0x80]),
            Buffer.from('"}'),
          ]),
        },
        filePart(png),
      ],
      400,
      'paymentRequest: no es UTF-8 válido',
    ],
  ];

  it.each(cases)('%s', async (_label, parts, status, detail) => {
    expectProblem(await payPublicly(parts()), status, detail);
    await expectNothingStored();
  });

  it('the same bytes are accepted once they are a real image of at most 10 MB (the refusals are not blanket)', async () => {
    const exactly10mb = Buffer.concat([png, Buffer.alloc(MAX_PROOF_BYTES - png.length)]);
    const response = await payPublicly([transfer(), filePart(exactly10mb, 'foto.txt', 'text/plain')]);
    expect(response.statusCode, response.body).toBe(201);
    expect(await count('stored_files')).toBe(1);
    expect(filesUnder(dataDir.dir)).toEqual([]);
  });
});

describe('a client that hangs up mid-upload', () => {
  /**
   * Sends the headers and half the file over a real socket, waits until the server is reading the
   * file, hangs up, then waits until the server has given up on the request.
   */
  async function abortedUpload(url: string, headers: Record<string, string>) {
    const app = await buildApp({
      config: testConfig({ dataDir: dataDir.dir }),
      database: context.database,
      logger: false,
    });
    let handlerStarted = false;
    let answered = false;
    app.addHook('preHandler', async () => {
      handlerStarted = true;
    });
    app.addHook('onSend', async (_request, _reply, payload) => {
      answered = true;
      return payload;
    });
    const sockets: Socket[] = [];
    app.server.on('connection', (socket: Socket) => sockets.push(socket));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const body = Buffer.concat([png, Buffer.alloc(4 * 1024 * 1024, 7)]);
      const { payload, headers: typeHeader } = multipart([transfer(), filePart(body)]);
      const half = Math.floor(payload.length / 2);
      let sawReading = false;
      let sawOnDisk = false;
      await new Promise<void>((resolve) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: url,
          headers: { ...headers, ...typeHeader, 'content-length': String(payload.length) },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        // Half the body, then wait until the handler has read it (the socket reads on only as fast
        // as the handler consumes the body), then hang up.
        req.write(payload.subarray(0, half), () => {
          const started = Date.now();
          const poll = () => {
            sawOnDisk ||= filesUnder(dataDir.dir).length > 0;
            sawReading = handlerStarted && sockets.some((socket) => socket.bytesRead >= half);
            if (sawReading || Date.now() - started > 10_000) req.destroy();
            else setTimeout(poll, 20);
          };
          poll();
        });
      });
      // Proves the test reached the point where the server holds part of the file.
      expect(sawReading).toBe(true);
      expect(sawOnDisk).toBe(false);
      // The server notices the hang-up asynchronously: wait (bounded) until it has answered, so
      // nothing it might still write is missed.
      for (let i = 0; i < 500 && !answered; i++) await new Promise((r) => setTimeout(r, 20));
      expect(answered).toBe(true);
    } finally {
      await app.close();
    }
  }

  it('leaves nothing stored (staff and public flows)', async () => {
    await abortedUpload(`/api/v1/loans/${loanId}/payments`, { authorization: `Bearer ${world.agent.token}` });
    await expectNothingStored();
    await abortedUpload(`/public/api/v1/loans/${loanId}/payments`, {
      authorization: agentCredentialHeader(world.agent.num, world.agent.pin),
    });
    await expectNothingStored();
  });
});

describe('a hostile file name', () => {
  it('is never used as a path: the proof is stored in the database, nothing under DATA_DIR', async () => {
    for (const filename of [
      '../../jwt-secret',
      '..\\..\\evil.png',
      '/etc/passwd',
      'a\u0000.png',
      '%2e%2e%2fx.png',
    ]) {
      const response = await payments.register(world.agent.token, loanId, [
        jsonPart({
          scheduledPaymentIds: [
            (await payments.pendingOk(world.agent.token, loanId)).scheduledPayments[0]?.id ?? '',
          ],
          paymentMethod: 'TRANSFER',
        }),
        filePart(png, filename),
      ]);
      expect(response.statusCode, response.body).toBe(201);
    }
    expect(filesUnder(dataDir.dir)).toEqual([]);
    const stored = await storedFiles(context);
    expect(stored).toHaveLength(5);
    expect(stored.every((file) => file.bytes.equals(png))).toBe(true);
  });
});

describe('a stored proof image', () => {
  /** Two TRANSFER payments with proofs (one staff, one public), and their signed links. */
  async function twoProofs() {
    const staff = await payments.registerOk(world.agent.token, loanId, [
      jsonPart({ scheduledPaymentIds: [installments[0] ?? ''], paymentMethod: 'TRANSFER' }),
      filePart(png),
    ]);
    const published = await payPublicly([
      jsonPart({ scheduledPaymentIds: [installments[1] ?? ''], paymentMethod: 1 as never }),
      filePart(fixture('proof.jpg'), 'foto.jpg', 'image/jpeg'),
    ]);
    expect(published.statusCode, published.body).toBe(201);
    const [a] = (await payments.detailsOk(world.admin.token, staff.id)).attachments;
    const [b] = (await payments.detailsOk(world.admin.token, published.json().data.id)).attachments;
    if (!a || !b) throw new Error('missing attachments');
    return { a, b };
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    request(context.app, { method: 'GET', url, headers });
  const INVALID_LINK = 'El enlace del comprobante no es válido o ya expiró';
  const key = attachmentLinkKey(testConfig().jwtSecret);

  it('is served with its own valid link, from either flow', async () => {
    const { a, b } = await twoProofs();
    const first = await get(a.uri);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(png)).toBe(true);
    const second = await get(b.uri);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('image/jpeg');
    expect(second.rawPayload.equals(fixture('proof.jpg'))).toBe(true);
  });

  it("is refused with another payment's link, a tampered or expired one, or a staff session alone (403)", async () => {
    const { a, b } = await twoProofs();
    const linkA = new URL(a.uri, 'http://x');
    const linkB = new URL(b.uri, 'http://x');
    const withQuery = (id: string, link: URL) => `/api/v1/payments/attachments/${id}${link.search}`;
    const signature = linkA.searchParams.get('signature') ?? '';
    const expires = Number(linkA.searchParams.get('expires'));
    const refused = [
      // B's signature and expiry on A's image, and the other way round.
      withQuery(a.id, linkB),
      withQuery(b.id, linkA),
      // Tampered: one hex digit of the signature, the expiry moved, upper-case hex.
      `/api/v1/payments/attachments/${a.id}?expires=${expires}&signature=${signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`,
      `/api/v1/payments/attachments/${a.id}?expires=${expires + 1}&signature=${signature}`,
      `/api/v1/payments/attachments/${a.id}?expires=${expires}&signature=${signature.toUpperCase()}`,
      // Expired a second ago, correctly signed.
      signedAttachmentUri(key, a.id, new Date(Date.now() - 601_000)),
    ];
    for (const url of refused) expectProblem(await get(url), 403, INVALID_LINK);
    // An administrator's session does not replace the link.
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await request(context.app, {
        method,
        url: `/api/v1/payments/attachments/${a.id}`,
        token: world.admin.token,
      });
      expect(response.statusCode).toBe(403);
      expect(response.rawPayload.includes(png.subarray(0, 8))).toBe(false);
    }
  });

  it('a validly signed id that is a path or a stored file id gets nothing, and the web root serves no proof', async () => {
    const { a } = await twoProofs();
    const [row] = rowsOf<{ file_id: string }>(
      await context.database.db.execute(sql`select file_id from payment_attachments where id = ${a.id}`),
    );
    const fileId = row?.file_id ?? '';
    expect(fileId).not.toBe('');
    // The signing key is derivable here, so sign hostile ids: the signature is fine, the id is not.
    for (const id of ['..%2F..%2Fjwt-secret', `../uploads/${fileId}`, fileId, '%2e%2e%2fjwt-secret']) {
      const response = await get(signedAttachmentUri(key, id));
      expect([400, 403, 404], `${id} → ${response.statusCode}`).toContain(response.statusCode);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    // The SPA's static root serves no proof, whatever the path.
    for (const url of [
      `/uploads/${fileId}`,
      `/${fileId}`,
      `/../uploads/${fileId}`,
      `/%2e%2e/uploads/${fileId}`,
    ]) {
      const response = await get(url, { accept: 'image/*' });
      expect(response.statusCode, url).toBe(404);
      expect(response.rawPayload.includes(png.subarray(0, 8)), url).toBe(false);
    }
  });
});
