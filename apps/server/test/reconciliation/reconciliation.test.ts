import { formatPaymentReference } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { paymentsApi } from '../support/api.ts';
import { expectProblem, request, useTestApp } from '../support/app.ts';
import { businessToday } from '../support/clock.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import {
  accountOf,
  activeLoan,
  customerOf,
  expectLedger,
  ledgerOf,
  openAccount,
  useLoanWorld,
} from '../support/worlds.ts';
import { reconciliationApi, statementCsv, transferOldest } from './world.ts';

/**
 * 'Conciliación': a statement matched to transfer payments in validation, the bulk confirmation into
 * the account (ledger, loans, audit), a line never used twice, a payment decided meanwhile skipped,
 * malformed files refused; on PGlite and PostgreSQL.
 */
const context = useTestApp();
const world = useLoanWorld(context);
const api = reconciliationApi(context);
const T = businessToday();

/** Three loans (installments of $1,000, $500 and $500) with a TRANSFER payment of installment 1 each. */
async function threePayments() {
  const funding = await openAccount(context, world.admin, 100_000, 'Fondeo');
  const bank = await openAccount(context, world.admin, 0, 'BBVA cobranza');
  const customers = [
    world.customer,
    await customerOf(context, world.agent, 'Berta'),
    await customerOf(context, world.agent, 'Carla'),
  ];
  const loans = [];
  for (const [i, amount] of [10_000, 5_000, 5_000].entries()) {
    const customer = customers[i];
    if (!customer) throw new Error('customer');
    loans.push((await activeLoan(context, world.admin, customer.id, { amount, accountId: funding.id })).loan);
  }
  const payments = [];
  for (const loan of loans) payments.push(await transferOldest(context, world.agent, loan.id));
  return { bank, loans, payments };
}

describe('statement upload', () => {
  it('needs the mapping first, and refuses a malformed file with a 4xx naming the problem', async () => {
    const bank = await openAccount(context, world.admin, 0, 'Banorte');
    expectProblem(
      await api.upload(world.admin.token, bank.id, statementCsv([[T, 'X', '', '10']])),
      409,
      /Configure primero/,
    );
    await api.mapOk(world.admin.token, bank.id);
    expectProblem(
      await api.upload(world.admin.token, bank.id, Buffer.from('%PDF-1.4\u0000\u0001')),
      400,
      /XLSX o un CSV/,
    );
    expectProblem(
      await api.upload(world.admin.token, bank.id, Buffer.from([0xc3, 0x28, 0x41, 0x0a])),
      400,
      /UTF-8/,
    );
    const badDate = statementCsv([[T, 'X', '', '10']]).replace(/\n.*$/, '\n31/02/2026,X,,10');
    expectProblem(
      await api.upload(world.admin.token, bank.id, badDate),
      400,
      'file: Fila 2, columna A: la fecha no es válida para el formato elegido',
    );
    expectProblem(
      await api.upload(world.admin.token, bank.id, 'Fecha,Concepto\n'),
      400,
      /no tiene movimientos/,
    );
    const formula = `Fecha,Concepto,Referencia,Importe\n${T},=1+1,,10`;
    expectProblem(await api.upload(world.admin.token, bank.id, formula), 400, /fórmula/);
  });

  it('matches credits to transfer payments, confirms them in bulk into the account, lists the rest', async () => {
    const { bank, loans, payments } = await threePayments();
    const [a, b, c] = loans;
    if (!a || !b || !c) throw new Error('loans');
    await api.mapOk(world.admin.token, bank.id);
    const csv = statementCsv([
      [T, 'SPEI RECIBIDO', formatPaymentReference(a.num), '1000.00'],
      [T, `PAGO PRESTAMO ${b.num}`, '', '500.00'],
      [T, 'DEPOSITO', '', '500.00'],
      [T, 'COMISION MANEJO', '', '-50.00'],
      [T, 'DEPOSITO EFECTIVO', '', '777.00'],
    ]);
    const view = await api.uploadOk(world.admin.token, bank.id, csv);
    expect(view).toMatchObject({ lineCount: 5, newLines: 5, alreadyLoaded: 0, matchWindowDays: 3 });
    expect(view.matches.map((m) => [m.line.row, m.payment.loan.num, m.confidence])).toEqual([
      [2, a.num, 'HIGH'],
      [3, b.num, 'MEDIUM'],
      [4, c.num, 'MEDIUM'],
    ]);
    expect(view.matches[0]?.payment.paymentReference).toBe(formatPaymentReference(a.num));
    expect(view.unmatchedCredits.map((l) => [l.concept, l.amount])).toEqual([['DEPOSITO EFECTIVO', 777]]);
    expect(view.debits.map((l) => [l.concept, l.amount])).toEqual([['COMISION MANEJO', 50]]);
    expect(view.unmatchedPayments).toEqual([]);

    const result = await api.confirmOk(
      world.admin.token,
      view.id,
      view.matches.map((m) => ({ lineId: m.line.id, paymentId: m.payment.id })),
    );
    expect(result.confirmed).toHaveLength(3);
    expect(result.skipped).toEqual([]);
    expect(result.confirmedAmount).toBe(2_000);
    expect(await accountOf(context, world.admin, bank.id)).toMatchObject({
      balance: 2_000,
      realBalance: 2_000,
    });
    const ledger = await ledgerOf(context, world.admin, bank.id);
    expect(
      ledger
        .filter((t) => t.operationType === 'PAYMENT_DEPOSIT')
        .map((t) => t.amount)
        .sort((x, y) => y - x),
    ).toEqual([1_000, 500, 500]);
    for (const payment of payments) {
      const details = await paymentsApi(context).detailsOk(world.admin.token, payment.id);
      expect(details.payment.status).toBe('PAID');
    }
    await expectLedger(context);
    await expectLoanInvariant(context.database.db);
    // Every write audited with its author: the columns, the upload, each line used and each payment.
    const audit = rowsOf<{ entity: string; action: string; n: number }>(
      await context.database.db.execute(sql`select entity, action, count(*)::int as n from audit_log
          where user_id = ${world.admin.id} and entity in ('statement_mapping', 'bank_statement', 'statement_line', 'payment')
          group by entity, action order by entity, action`),
    );
    expect(audit).toEqual([
      { entity: 'bank_statement', action: 'uploaded', n: 1 },
      { entity: 'payment', action: 'confirmed', n: 3 },
      { entity: 'statement_line', action: 'updated', n: 3 },
      { entity: 'statement_mapping', action: 'created', n: 1 },
    ]);

    // The same file again: every line already loaded, three already reconciled, nothing matched twice.
    const second = await transferOldest(context, world.agent, a.id);
    const again = await api.uploadOk(world.admin.token, bank.id, csv, 'estado-otra-vez.csv');
    expect(again).toMatchObject({ lineCount: 5, newLines: 0, alreadyLoaded: 5 });
    expect(again.reconciled.map((l) => [l.row, l.state, l.reconciledLoanNum])).toEqual([
      [2, 'RECONCILED', a.num],
      [3, 'RECONCILED', b.num],
      [4, 'RECONCILED', c.num],
    ]);
    expect(again.matches).toEqual([]);
    expect(again.unmatchedCredits.map((l) => l.state)).toEqual(['ALREADY_LOADED']);
    expect(again.unmatchedPayments.map((p) => p.id)).toEqual([second.id]);
    const usedLine = again.reconciled[0]?.id ?? '';
    const reuse = await api.confirmOk(world.admin.token, again.id, [
      { lineId: usedLine, paymentId: second.id },
    ]);
    expect(reuse).toMatchObject({ confirmed: [], skipped: [{ reason: 'La línea ya fue conciliada' }] });
    expect((await paymentsApi(context).detailsOk(world.admin.token, second.id)).payment.status).toBe(
      'VALIDATING',
    );
    expect(await accountOf(context, world.admin, bank.id)).toMatchObject({ balance: 2_000 });
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    expectProblem(
      await api.call(world.admin.token, 'GET', `/statements/${unknown}`),
      404,
      'Estado de cuenta no encontrado',
    );
    expectProblem(
      await api.call(world.admin.token, 'POST', `/statements/${again.id}/confirm`, { pairs: [] }),
      400,
      /Seleccione al menos un par/,
    );
  });

  it('skips and reports a payment confirmed elsewhere meanwhile; two bulk confirms pay once', async () => {
    const { bank, payments } = await threePayments();
    await api.mapOk(world.admin.token, bank.id);
    const view = await api.uploadOk(
      world.admin.token,
      bank.id,
      statementCsv([
        [T, 'A', '', '1000'],
        [T, 'B', '', '500'],
        [T, 'C', '', '500'],
      ]),
    );
    expect(view.matches).toHaveLength(3);
    const pairs = view.matches.map((m) => ({ lineId: m.line.id, paymentId: m.payment.id }));
    const elsewhere = await openAccount(context, world.admin, 0, 'Caja');
    const first = payments[0];
    if (!first) throw new Error('payment');
    await paymentsApi(context).decideOk(world.admin.token, first.id, {
      status: 'PAID',
      targetAccountId: elsewhere.id,
    });

    const [one, two] = await Promise.all([
      request(context.app, {
        method: 'POST',
        url: `/api/v1/reconciliation/statements/${view.id}/confirm`,
        token: world.admin.token,
        payload: { pairs },
      }),
      request(context.app, {
        method: 'POST',
        url: `/api/v1/reconciliation/statements/${view.id}/confirm`,
        token: world.admin.token,
        payload: { pairs },
      }),
    ]);
    const results = [one.json().data, two.json().data];
    const confirmed = results.flatMap((r) => r.confirmed);
    expect(confirmed).toHaveLength(2);
    expect(results.flatMap((r) => r.skipped).map((s: { reason: string }) => s.reason)).toContain(
      'El pago ya no está en validación (se confirmó o rechazó mientras tanto)',
    );
    expect(await accountOf(context, world.admin, bank.id)).toMatchObject({
      balance: 1_000,
      realBalance: 1_000,
    });
    expect(await accountOf(context, world.admin, elsewhere.id)).toMatchObject({ balance: 1_000 });
    await expectLedger(context);
    await expectLoanInvariant(context.database.db);
  });

  it('reads an XLSX with abono and cargo columns and decimal comma text', async () => {
    const { bank, loans } = await threePayments();
    await api.mapOk(world.admin.token, bank.id, {
      headerRows: 2,
      amountColumn: null,
      creditColumn: 'D',
      debitColumn: 'E',
      decimalSeparator: ',',
      referenceColumn: null,
    });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Movimientos');
    sheet.addRow(['Estado de cuenta BBVA']);
    sheet.addRow(['Fecha', 'Concepto', '', 'Abonos', 'Cargos']);
    sheet.addRow([
      new Date(`${T}T12:00:00Z`),
      `REF ${formatPaymentReference(loans[0]?.num ?? 0)}`,
      '',
      1000,
      null,
    ]);
    sheet.addRow([new Date(`${T}T12:00:00Z`), 'SPEI', '', '500,00', null]);
    sheet.addRow([new Date(`${T}T12:00:00Z`), 'IVA COMISION', '', null, '8,00']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const view = await api.uploadOk(world.admin.token, bank.id, xlsx, 'estado.xlsx');
    expect(view.lineCount).toBe(3);
    expect(view.matches.map((m) => m.confidence)).toEqual(['HIGH', 'LOW']);
    expect(view.debits.map((l) => l.amount)).toEqual([8]);
    expect(view.unmatchedPayments).toHaveLength(1);
  });
});
