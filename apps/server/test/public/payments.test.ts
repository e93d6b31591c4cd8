import { paymentFolio } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loansApi, paymentsApi } from '../support/api.ts';
import { expectProblem } from '../support/app.ts';
import { filePart, filesUnder, fixture, jsonPart, textPart } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { usePublicPaymentWorld } from '../support/public-payment-world.ts';
import { storedFiles } from '../support/stored-files.ts';
import { accrue, activeLoan } from '../support/worlds.ts';

const { api, asAgent, cash, context, dataDir, ids, loan, otherCustomerId, paymentRows, query, world } =
  usePublicPaymentWorld();

describe('a public payment', () => {
  it('is registered VALIDATING through the PUBLIC channel with the authorising agent as registrar', async () => {
    const response = await api().pay(
      loan.id,
      [jsonPart({ scheduledPaymentIds: ids(2), paymentMethod: 0 as never })],
      asAgent(),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'status']);
    expect(body.status).toBe('OK');
    expect(Object.keys(body.data).sort()).toEqual(['amount', 'createdOn', 'folio', 'id', 'status']);
    const [stored] = await query<{ num: number; created_on: Date }>(
      sql`select l.num, p.created_on from payments p join loans l on l.id = p.loan_id`,
    );
    // The borrower keeps the folio the staff receipt prints, and when it was registered.
    expect(body.data).toEqual({
      id: expect.any(String),
      folio: paymentFolio(stored?.num ?? 0, body.data.id),
      amount: (loan.schedule[0]?.amount ?? 0) + (loan.schedule[1]?.amount ?? 0),
      status: 'VALIDATING',
      createdOn: new Date(stored?.created_on ?? 0).toISOString(),
    });
    expect(response.body).not.toContain(world.agent.id);
    expect(response.body).not.toContain(world.customer.id);

    expect(await paymentRows()).toEqual([
      {
        id: body.data.id,
        status: 'VALIDATING',
        channel: 'PUBLIC',
        registered_by: world.agent.id,
        payment_method: 'CASH',
      },
    ]);
    const items = await query<{ status: string }>(
      sql`select sp.status from payment_items pi join scheduled_payments sp on sp.id = pi.scheduled_payment_id where pi.payment_id = ${body.data.id}`,
    );
    expect(items.map((i) => i.status)).toEqual(['VALIDATING', 'VALIDATING']);
    // The staff payment details name the agent as registrar.
    const details = await paymentsApi(context).detailsOk(world.admin.token, body.data.id);
    expect(details.payment.registeredBy).toEqual({ num: world.agent.num, name: 'Ana', lastName: 'Agente' });
    expect(details.payment.amount).toBe(body.data.amount);
  });

  it('method code 1 is a TRANSFER with its proof image stored; the names and a text part work too', async () => {
    const transfer = await api().pay(
      loan.id,
      [jsonPart({ scheduledPaymentIds: ids(1), paymentMethod: 1 as never }), filePart(fixture('proof.png'))],
      asAgent(),
    );
    expect(transfer.statusCode, transfer.body).toBe(201);
    const [payment] = await paymentRows();
    expect(payment).toMatchObject({ payment_method: 'TRANSFER', channel: 'PUBLIC' });
    const attachments = await query<{ content_type: string }>(
      sql`select content_type from payment_attachments where payment_id = ${transfer.json().data.id}`,
    );
    expect(attachments).toEqual([{ content_type: 'image/png' }]);
    expect(await storedFiles(context)).toHaveLength(1);
    expect(filesUnder(dataDir)).toEqual([]);

    const byName = await api().pay(
      loan.id,
      [textPart({ scheduledPaymentIds: ids(2).slice(1), paymentMethod: 'CASH' })],
      asAgent(),
    );
    expect(byName.statusCode, byName.body).toBe(201);
    const jpeg = await api().pay(
      loan.id,
      [
        jsonPart({ scheduledPaymentIds: ids(3).slice(2), paymentMethod: '1' as never }),
        filePart(fixture('proof.jpg'), 'foto.jpg', 'image/jpeg'),
      ],
      asAgent(),
    );
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect((await paymentRows()).map((p) => p.payment_method)).toEqual(['TRANSFER', 'CASH', 'TRANSFER']);
  });

  it('refuses an unknown method code with 400 naming the field', async () => {
    const body = expectProblem(
      await api().pay(
        loan.id,
        [jsonPart({ scheduledPaymentIds: ids(1), paymentMethod: '2' as never })],
        asAgent(),
      ),
      400,
    );
    expect(body.errors?.[0]?.field).toBe('paymentRequest.paymentMethod');
    expect(await paymentRows()).toEqual([]);
  });

  it('an administrator with a PIN may authorise too', async () => {
    const response = await api().pay(loan.id, cash(), asAgent(world.admin));
    expect(response.statusCode, response.body).toBe(201);
    expect((await paymentRows())[0]?.registered_by).toBe(world.admin.id);
  });

  it('keeps every staff rule: all pending fees, oldest first, a repeated submit is 409, only ACTIVE/DELAYED loans', async () => {
    const T = businessToday();
    const overdue = await activeLoan(context, world.admin, await otherCustomerId(), {
      requestDate: addDays(T, -10),
    });
    await accrue(context, T);
    const fees = await paymentsApi(context).feesOk(world.admin.token, overdue.loan.id);
    expect(fees).toHaveLength(3);
    const first = overdue.schedule[0]?.id ?? '';
    const second = overdue.schedule[1]?.id ?? '';
    const pay = (body: object) => api().pay(overdue.loan.id, [jsonPart(body)], asAgent());

    expectProblem(
      await pay({ scheduledPaymentIds: [first], feeIds: [], paymentMethod: 0 }),
      400,
      'Debe incluir todas las multas pendientes',
    );
    expectProblem(
      await pay({ scheduledPaymentIds: [second], feeIds: fees.map((f) => f.id), paymentMethod: 0 }),
      400,
      'Debe pagar primero los pagos más antiguos',
    );
    const ok = await pay({ scheduledPaymentIds: [first], feeIds: fees.map((f) => f.id), paymentMethod: 0 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.amount).toBe(
      (overdue.schedule[0] as { amount: number }).amount + fees.reduce((s, f) => s + f.amount, 0),
    );
    expectProblem(
      await pay({ scheduledPaymentIds: [first], feeIds: fees.map((f) => f.id), paymentMethod: 0 }),
      409,
      'Alguno de los conceptos ya fue pagado o está en validación',
    );
    // A loan not yet delivered: 409; an unknown loan: 404.
    const pending = await loansApi(context).createOk(world.admin.token, await otherCustomerId('5511112222'), {
      amount: 5_000,
    });
    expectProblem(
      await api().pay(
        pending.id,
        [jsonPart({ scheduledPaymentIds: [first], paymentMethod: 0 as never })],
        asAgent(),
      ),
      409,
      'Solo se pueden registrar pagos de préstamos activos, atrasados o castigados',
    );
    expectProblem(
      await api().pay('01890a5d-ac96-774b-bcce-b302099a8057', cash(), asAgent()),
      404,
      'Préstamo no encontrado',
    );
  });
});
