import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachmentLinkKey, signedAttachmentUri } from '../../src/modules/payments/attachment-links.ts';
import { expectProblem, request, testConfig } from '../support/app.ts';
import { filePart, filesUnder, fixture, jsonPart } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { imageOf } from '../support/images.ts';
import { storedFiles } from '../support/stored-files.ts';
import { useUploadsApp } from './support/uploads.ts';

/**
 * Accepted proofs: a hostile file name never becomes a path, nothing is ever written under DATA_DIR,
 * and a stored image is reachable only through its own valid, unexpired signed link — not another
 * payment's link, not a staff session, not a path into DATA_DIR, not the web root. Refused uploads:
 * uploads-refused.test.ts.
 */
const { state, png, payPublicly } = useUploadsApp();
const { context, payments } = state;

describe('a hostile file name', () => {
  it('is never used as a path: the proof is stored in the database, nothing under DATA_DIR', async () => {
    for (const filename of [
      '../../jwt-secret',
      '..\\..\\evil.png',
      '/etc/passwd',
      'a\u0000.png',
      '%2e%2e%2fx.png',
    ]) {
      const response = await payments.register(state.world.agent.token, state.loanId, [
        jsonPart({
          scheduledPaymentIds: [
            (await payments.pendingOk(state.world.agent.token, state.loanId)).scheduledPayments[0]?.id ?? '',
          ],
          paymentMethod: 'TRANSFER',
        }),
        filePart(png, filename),
      ]);
      expect(response.statusCode, response.body).toBe(201);
    }
    expect(filesUnder(state.dataDir)).toEqual([]);
    const stored = await storedFiles(context);
    expect(stored).toHaveLength(5);
    // Each is the server's re-encoded copy of the same picture.
    const sizes = await Promise.all(
      stored.map(async (file) => file.reencoded && (await imageOf(file.bytes))),
    );
    const { width, height } = await imageOf(png);
    expect(sizes).toEqual(stored.map(() => expect.objectContaining({ format: 'png', width, height })));
  });
});

describe('a stored proof image', () => {
  /** Two TRANSFER payments with proofs (one staff, one public), and their signed links. */
  async function twoProofs() {
    const staff = await payments.registerOk(state.world.agent.token, state.loanId, [
      jsonPart({ scheduledPaymentIds: [state.installments[0] ?? ''], paymentMethod: 'TRANSFER' }),
      filePart(png),
    ]);
    const published = await payPublicly([
      jsonPart({ scheduledPaymentIds: [state.installments[1] ?? ''], paymentMethod: 1 as never }),
      filePart(fixture('proof.jpg'), 'foto.jpg', 'image/jpeg'),
    ]);
    expect(published.statusCode, published.body).toBe(201);
    const [a] = (await payments.detailsOk(state.world.admin.token, staff.id)).attachments;
    const [b] = (await payments.detailsOk(state.world.admin.token, published.json().data.id)).attachments;
    if (!a || !b) throw new Error('missing attachments');
    return { a, b };
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    request(context.app, { method: 'GET', url, headers });
  const INVALID_LINK = 'El enlace del comprobante no es válido o ya expiró';
  const key = attachmentLinkKey(testConfig().jwtSecret);

  it('is served with its own valid link, from either flow', async () => {
    const { a, b } = await twoProofs();
    const [storedA, storedB] = await storedFiles(context);
    const first = await get(a.uri);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.rawPayload.equals(storedA?.bytes ?? Buffer.alloc(0))).toBe(true);
    const second = await get(b.uri);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('image/jpeg');
    expect(second.rawPayload.equals(storedB?.bytes ?? Buffer.alloc(0))).toBe(true);
    // Re-encoded images only are inline; every file reply forbids sniffing and scripts.
    for (const response of [first, second]) {
      expect(response.headers['content-disposition']).toBe('inline');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    }
    await context.database.db.execute(sql`update stored_files set reencoded = false`);
    expect((await get(a.uri)).headers['content-disposition']).toMatch(
      /^attachment; filename="comprobante.png"/,
    );
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
        token: state.world.admin.token,
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
