import { describe, expect, it } from 'vitest';
import { contentDisposition, fileReplyHeaders } from '../../src/http/file-reply.ts';
import { imageReencoder } from '../../src/uploads/images.ts';
import { UploadSlots } from '../../src/uploads/in-flight.ts';
import { Semaphore } from '../../src/uploads/semaphore.ts';
import { photoWithGps, pngDeclaring } from '../support/images.ts';

describe('UploadSlots', () => {
  it('bounds each client, then the whole process, and takes each slot back once', () => {
    const slots = new UploadSlots({ inFlight: 3, inFlightPerClient: 2 });
    const a1 = slots.acquire('user:a');
    const a2 = slots.acquire('user:a');
    expect([a1.ok, a2.ok]).toEqual([true, true]);
    expect(slots.acquire('user:a')).toEqual({ ok: false, refusal: 'client' });
    const b1 = slots.acquire('address:10.0.0.1');
    expect(b1.ok).toBe(true);
    expect(slots.acquire('user:c')).toEqual({ ok: false, refusal: 'server' });
    if (!a1.ok) throw new Error('unreachable');
    a1.release();
    a1.release();
    expect(slots.inFlight).toBe(2);
    expect(slots.acquire('user:a').ok).toBe(true);
    expect(slots.acquire('user:c')).toEqual({ ok: false, refusal: 'server' });
  });
});

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once, the others in arrival order', async () => {
    const semaphore = new Semaphore(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates = Array.from({ length: 5 }, () => {
      let resolve = () => {};
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      return { promise, resolve };
    });
    const tasks = gates.map((gate, i) =>
      semaphore.run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(i);
        await gate.promise;
        running -= 1;
      }),
    );
    for (const gate of gates) {
      await Promise.resolve();
      gate.resolve();
    }
    await Promise.all(tasks);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('imageReencoder', () => {
  const images = imageReencoder({ maxPixels: 1_000_000, concurrency: 1 });

  it('writes a photo again without its EXIF, the same format and size', async () => {
    const result = await images.reencode(await photoWithGps(800, 600), 'image/jpeg');
    expect(result).toMatchObject({ ok: true, contentType: 'image/jpeg', width: 800, height: 600 });
    if (result.ok) expect(result.bytes.toString('latin1')).not.toContain('PhoneMaker');
  });

  it('refuses more pixels than the bound from the header, and bytes that do not decode', async () => {
    expect(await images.reencode(pngDeclaring(1001, 1000), 'image/png')).toEqual({
      ok: false,
      reason: 'too_many_pixels',
    });
    expect(await images.reencode(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x3c, 0x68]), 'image/jpeg')).toEqual({
      ok: false,
      reason: 'unreadable',
    });
  });
});

describe('file reply headers', () => {
  const bytes = Buffer.from('x');
  it('only a re-encoded image is inline; everything else is an attachment, all sandboxed', () => {
    expect(
      fileReplyHeaders({ bytes, contentType: 'image/png', reencoded: true }, null, 'comprobante'),
    ).toMatchObject({
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
    });
    const pdf = fileReplyHeaders(
      { bytes, contentType: 'application/pdf', reencoded: false },
      null,
      'documento',
    );
    expect(pdf['content-disposition']).toBe(
      `attachment; filename="documento.pdf"; filename*=UTF-8''documento.pdf`,
    );
    expect(pdf['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(contentDisposition('attachment', 'Recibo "ñ".pdf')).toBe(
      `attachment; filename="Recibo ___.pdf"; filename*=UTF-8''Recibo%20%22%C3%B1%22.pdf`,
    );
  });
});
