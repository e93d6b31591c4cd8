import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { agentCredentialHeader, MAX_PROOF_BYTES } from '@prestaya/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { expectProblem, testConfig } from '../support/app.ts';
import { filePart, filesUnder, fixture, multipart, type Part } from '../support/builders.ts';
import { lookupProofHeader } from '../support/public-api.ts';
import { useUploadsApp } from './support/uploads.ts';

/**
 * Uploads, beyond test/payments/uploads.test.ts (the staff flow's refusals): the PUBLIC flow refuses
 * the same bad files with nothing stored anywhere, and a client that hangs up mid-upload leaves
 * nothing either. What becomes of an accepted proof: uploads-stored.test.ts.
 */
const { state, png, payPublicly, count, expectNothingStored, transfer, cash } = useUploadsApp();
const { context } = state;

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
              `{"scheduledPaymentIds":["${state.installments[0] ?? ''}"],"paymentMethod":"TRANSFER","x":"`,
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
    expect(filesUnder(state.dataDir)).toEqual([]);
  });
});

describe('a client that hangs up mid-upload', () => {
  /**
   * Sends the headers and half the file over a real socket, waits until the server is reading the
   * file, hangs up, then waits until the server has given up on the request.
   */
  async function abortedUpload(url: string, headers: Record<string, string>) {
    const app = await buildApp({
      config: testConfig({ dataDir: state.dataDir }),
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
            sawOnDisk ||= filesUnder(state.dataDir).length > 0;
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
    await abortedUpload(`/api/v1/loans/${state.loanId}/payments`, {
      authorization: `Bearer ${state.world.agent.token}`,
    });
    await expectNothingStored();
    await abortedUpload(`/public/api/v1/loans/${state.loanId}/payments`, {
      authorization: agentCredentialHeader(state.world.agent.num, state.world.agent.pin),
      ...lookupProofHeader(context.app, state.loanId),
    });
    await expectNothingStored();
  });
});
