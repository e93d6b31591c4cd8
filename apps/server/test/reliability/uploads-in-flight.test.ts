import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { agentCredentialHeader } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { createUserAndLogin, UPLOAD_TEST_DEFAULTS, useTestApp } from '../support/app.ts';
import { filePart, fixture, jsonPart } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { lookupProofHeader } from '../support/public-api.ts';
import { activeLoan, useLoanWorld } from '../support/worlds.ts';
import { rawRequest } from './raw-http.ts';

/**
 * Uploads in flight are bounded (uploads/in-flight.ts): here 2 per signed-in user or public address and
 * 3 for the process. Real sockets hold uploads open (headers and the start of a 5 MB body, the rest
 * never sent); one more upload beyond a bound is answered at once — its body never sent — with 429
 * (that client) or 503 (the server), problem+json in Spanish with Retry-After. A client that goes
 * away gives its slot back.
 */
const context = useTestApp({ uploads: { ...UPLOAD_TEST_DEFAULTS, inFlight: 3, inFlightPerClient: 2 } });
const world = useLoanWorld(context);
let port = 0;
let loanId = '';
let installment = '';
const held: Socket[] = [];

beforeAll(async () => {
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  port = (context.app.server.address() as AddressInfo).port;
});
afterEach(async () => {
  for (const socket of held.splice(0)) socket.destroy();
  await expect.poll(() => context.app.uploads.slots.inFlight).toBe(0);
});
afterAll(() => {
  for (const socket of held) socket.destroy();
});

const BOUNDARY = 'prestaya-held-upload';
const DECLARED_FILE_BYTES = 5 * 1024 * 1024;

/** The request head and the start of a multipart body whose file part is 5 MB long. */
function upload(path: string, authorization: string, method: 'TRANSFER' | 1) {
  const start = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="paymentRequest"\r\n` +
      `Content-Type: application/json\r\n\r\n${JSON.stringify({ scheduledPaymentIds: [installment], paymentMethod: method })}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const end = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  // A public payment counts only on a loan the client looked up: it carries the lookup's proof.
  const proof = path.startsWith('/public/')
    ? `X-Lookup-Proof: ${lookupProofHeader(context.app, loanId)['x-lookup-proof']}\r\n`
    : '';
  const head =
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\n${proof}` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
    `Content-Length: ${start.length + DECLARED_FILE_BYTES + end.length}\r\n\r\n`;
  return { head, start: Buffer.concat([start, fixture('proof.png'), Buffer.alloc(64 * 1024)]) };
}

const staffPath = () => `/api/v1/loans/${loanId}/payments`;
const publicPath = () => `/public/api/v1/loans/${loanId}/payments`;
const bearer = (token: string) => `Bearer ${token}`;
const publicCredential = () => agentCredentialHeader(world.agent.num, world.agent.pin);

/** Sends the head and the first 64 KB, then holds the socket open until the test ends. */
async function hold(path: string, authorization: string, method: 'TRANSFER' | 1 = 'TRANSFER') {
  const before = context.app.uploads.slots.inFlight;
  const { head, start } = upload(path, authorization, method);
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  held.push(socket);
  socket.write(head);
  socket.write(start);
  await expect.poll(() => context.app.uploads.slots.inFlight).toBe(before + 1);
}

/** One more upload: only its head is sent, and the reply comes without the body. */
const oneMore = (path: string, authorization: string, method: 'TRANSFER' | 1 = 'TRANSFER') =>
  rawRequest(port, [upload(path, authorization, method).head], { untilReply: true });

function expectBusy(reply: Awaited<ReturnType<typeof oneMore>>, status: number, detail: string) {
  expect(reply.status, reply.body).toBe(status);
  expect(reply.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(reply.headers['retry-after']).toBe('5');
  expect(JSON.parse(reply.body)).toMatchObject({ status, detail });
}

const CLIENT_BUSY = 'Ya tiene archivos subiéndose; espere a que terminen e intente de nuevo';
const SERVER_BUSY = 'El servidor está recibiendo muchos archivos; intente de nuevo en unos segundos';

async function payments(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await context.database.db.execute(sql`select count(*)::int as n from payments`),
  );
  return row?.n ?? -1;
}

describe('uploads in flight', () => {
  it('a signed-in user gets 429 beyond 2, the server 503 beyond 3, before any body is read', async () => {
    ({
      loan: { id: loanId },
    } = await activeLoan(context, world.admin, world.customer.id));
    installment =
      (await paymentsApi(context).pendingOk(world.agent.token, loanId)).scheduledPayments[0]?.id ?? '';

    await hold(staffPath(), bearer(world.agent.token));
    await hold(staffPath(), bearer(world.agent.token));
    expectBusy(await oneMore(staffPath(), bearer(world.agent.token)), 429, CLIENT_BUSY);
    // Another user still has room while the server does.
    await hold(staffPath(), bearer(world.admin.token));
    const third = await createUserAndLogin(context);
    expectBusy(await oneMore(staffPath(), bearer(third.token)), 503, SERVER_BUSY);
    // The public side is bounded by the same process-wide count.
    expectBusy(await oneMore(publicPath(), publicCredential(), 1), 503, SERVER_BUSY);
    expect(context.app.uploads.slots.inFlight).toBe(3);
    expect(await payments()).toBe(0);

    // The clients go away: their slots come back, and a whole upload goes through.
    for (const socket of held.splice(0)) socket.destroy();
    await expect.poll(() => context.app.uploads.slots.inFlight).toBe(0);
    await paymentsApi(context).registerOk(world.agent.token, loanId, [
      jsonPart({ scheduledPaymentIds: [installment], paymentMethod: 'TRANSFER' }),
      filePart(fixture('proof.png')),
    ]);
    expect(context.app.uploads.slots.inFlight).toBe(0);
  });

  it('the public side is bounded per address, apart from the staff user it authorises as', async () => {
    ({
      loan: { id: loanId },
    } = await activeLoan(context, world.admin, world.customer.id));
    installment =
      (await paymentsApi(context).pendingOk(world.agent.token, loanId)).scheduledPayments[0]?.id ?? '';

    await hold(publicPath(), publicCredential(), 1);
    await hold(publicPath(), publicCredential(), 1);
    expectBusy(await oneMore(publicPath(), publicCredential(), 1), 429, CLIENT_BUSY);
    // The agent's own session is another client: it still uploads.
    await hold(staffPath(), bearer(world.agent.token));
    expect(context.app.uploads.slots.inFlight).toBe(3);
  });
});
