import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachmentLinkKey, signedAttachmentUri } from '../../src/modules/payments/attachment-links.ts';
import { customersApi, loansApi, paymentsApi } from '../support/api.ts';
import { expectProblem, request, testConfig, useTestAppWithDataDir } from '../support/app.ts';
import { filePart, fixture, jsonPart, rejection } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { rowsOf } from '../support/database.ts';
import { imageOf } from '../support/images.ts';
import { abonoRows } from '../support/records.ts';
import { accrue, activeLoan, expectLedger, loanOf, openAccount, useLoanWorld } from '../support/worlds.ts';

/**
 * Rejecting payments, their details with signed proof links, and the 'Pagos Recibidos' list.
 */
const context = useTestAppWithDataDir();

const api = paymentsApi(context);

const world = useLoanWorld(context);

describe('rejecting a payment', () => {
  it('returns installments to DELAYED or PENDING by due date and fees to PENDING; no money moves', async () => {
    const T = businessToday();
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id, {
      requestDate: addDays(T, -10),
    });
    await accrue(context, T);
    const fees = await api.feesOk(world.admin.token, loan.id);
    const payment = await api.registerOk(world.agent.token, loan.id, [
      jsonPart({
        scheduledPaymentIds: schedule.slice(0, 2).map((p) => p.id),
        feeIds: fees.map((f) => f.id),
        paymentMethod: 'CASH',
      }),
    ]);
    const transactions = await expectLedger(context);

    const rejected = await api.decideOk(world.admin.token, payment.id, rejection());
    expect(rejected).toMatchObject({ status: 'REJECTED', bankAccount: null });
    const after = await loansApi(context).scheduleOk(world.admin.token, loan.id);
    // Installment 1 was due T−3 (past due) → DELAYED; installment 2 is due T+4 → PENDING.
    expect(after.slice(0, 3).map((p) => p.status)).toEqual(['DELAYED', 'PENDING', 'PENDING']);
    expect((await api.feesOk(world.admin.token, loan.id)).map((f) => f.status)).toEqual(
      Array(3).fill('PENDING'),
    );
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      status: 'DELAYED',
      currentBalance: 12_150,
      currentRealAmount: 12_150,
    });
    expect(await expectLedger(context)).toBe(transactions);
    expect(await abonoRows(context)).toEqual([]);
    // The same items can be registered again.
    await api.registerOk(world.agent.token, loan.id, [
      jsonPart({
        scheduledPaymentIds: schedule.slice(0, 1).map((p) => p.id),
        feeIds: fees.map((f) => f.id),
        paymentMethod: 'CASH',
      }),
    ]);
    const [row] = rowsOf<{ decided_by: string; decided: boolean }>(
      await context.database.db.execute(
        sql`select decided_by, decided_on is not null as decided from payments where id = ${payment.id}`,
      ),
    );
    expect(row).toEqual({ decided_by: world.admin.id, decided: true });
  });
});

describe('signed proof links', () => {
  async function paymentWithProof() {
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    const payment = await api.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: [schedule[0]?.id ?? ''], paymentMethod: 'TRANSFER' }),
      filePart(fixture('proof.jpg'), 'foto.jpg', 'image/jpeg'),
    ]);
    const [attachment] = (await api.detailsOk(world.admin.token, payment.id)).attachments;
    if (!attachment) throw new Error('no attachment');
    return attachment;
  }
  const get = (url: string) => request(context.app, { method: 'GET', url });
  const key = attachmentLinkKey(testConfig().jwtSecret);

  it('serve the image for 10 minutes; a tampered, expired or missing signature is a 403', async () => {
    const attachment = await paymentWithProof();
    const ok = await get(attachment.uri);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/jpeg');
    // The server's re-encoded copy of the uploaded picture.
    expect(await imageOf(ok.rawPayload)).toMatchObject(await imageOf(fixture('proof.jpg')));

    const url = new URL(attachment.uri, 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(9 * 60);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(10 * 60);
    const signature = url.searchParams.get('signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const base = `/api/v1/payments/attachments/${attachment.id}`;
    const refused = [
      `${base}?expires=${expires}&signature=${flipped}`,
      `${base}?expires=${expires + 60}&signature=${signature}`,
      `${base}?expires=${expires}`,
      `${base}?signature=${signature}`,
      base,
      `${base}?expires=abc&signature=${signature}`,
      `${base}?expires=${expires}&signature=${signature}&signature=${signature}`,
      // Signed 11 minutes ago for 10 minutes: expired.
      signedAttachmentUri(key, attachment.id, new Date(Date.now() - 11 * 60 * 1000)),
      // A link signed with another secret.
      signedAttachmentUri(attachmentLinkKey('otro-secreto-otro-secreto-otro-secreto-0000'), attachment.id),
    ];
    for (const link of refused) {
      expectProblem(await get(link), 403, 'El enlace del comprobante no es válido o ya expiró');
    }
    // Another attachment's signature does not open this one.
    expectProblem(
      await get(
        `/api/v1/payments/attachments/0196a000-0000-7000-8000-000000000000?expires=${expires}&signature=${signature}`,
      ),
      403,
    );
  });

  it('a valid signature for an unknown attachment is a 404, for an id that is not a UUID a 400', async () => {
    const id = '0196a000-0000-7000-8000-000000000000';
    expectProblem(await get(signedAttachmentUri(key, id)), 404, 'Comprobante no encontrado');
    expectProblem(
      await get(signedAttachmentUri(key, 'no-es-un-id')),
      400,
      'attachmentId: Identificador inválido',
    );
  });
});

describe('Pagos Recibidos (GET /payments)', () => {
  it('lists newest first, filters by status and searches by customer name or loan number', async () => {
    const caja = await openAccount(context, world.admin, 1_000, 'Caja');
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    const other = await customersApi(context).createOk(world.agent.token, {
      name: 'Beto',
      lastName: 'Pérez',
      secondLastName: null,
      phone: '5598765432',
    });
    const otherLoan = await activeLoan(context, world.admin, other.id);
    const p1 = await api.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: [schedule[0]?.id ?? ''], paymentMethod: 'CASH' }),
    ]);
    const p2 = await api.registerOk(world.agent.token, otherLoan.loan.id, [
      jsonPart({ scheduledPaymentIds: [otherLoan.schedule[0]?.id ?? ''], paymentMethod: 'CASH' }),
    ]);
    const p3 = await api.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: [schedule[1]?.id ?? ''], paymentMethod: 'CASH' }),
    ]);
    await api.decideOk(world.admin.token, p1.id, { status: 'PAID', targetAccountId: caja.id });
    await api.decideOk(world.admin.token, p2.id, rejection());

    const all = await api.list(world.admin.token);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, size: 10, totalDocuments: 3, totalPages: 1 });
    expect(all.json().data.map((p: { id: string }) => p.id)).toEqual([p3.id, p2.id, p1.id]);
    expect(all.json().data[2]).toMatchObject({
      status: 'PAID',
      bankAccount: { id: caja.id, name: 'Caja' },
      loan: { num: loan.num, customer: { name: 'Lucía', lastName: 'Núñez' } },
    });

    const ids = async (query: string) =>
      (await api.list(world.admin.token, query)).json().data.map((p: { id: string }) => p.id);
    expect(await ids('?q=VALIDATING')).toEqual([p3.id]);
    expect(await ids('?q=REJECTED')).toEqual([p2.id]);
    expect(await ids('?q=PAID')).toEqual([p1.id]);
    expect(await ids('?query=nunez')).toEqual([p3.id, p1.id]);
    expect(await ids('?query=PÉREZ')).toEqual([p2.id]);
    expect(await ids(`?query=${otherLoan.loan.num}`)).toEqual([p2.id]);
    expect(await ids('?orderBy=createdOn&order=asc')).toEqual([p1.id, p2.id, p3.id]);
    expect(await ids('?size=2&page=2')).toEqual([p1.id]);
    expectProblem(await api.list(world.admin.token, '?q=PAGADO'), 400, 'q: Estatus inválido');
    expectProblem(await api.list(world.admin.token, '?orderBy=customer'), 400, /^orderBy: /);

    // The loan's own list ('Lista de Pagos'), newest first.
    const loanList = await api.loanPayments(world.agent.token, loan.id);
    expect(loanList.json().data.map((p: { id: string }) => p.id)).toEqual([p3.id, p1.id]);
  });
});
