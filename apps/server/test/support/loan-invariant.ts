import { expect } from 'vitest';
import type { AppDb } from '../../src/db/client.ts';
import { accountTransactions } from '../../src/db/schema/bank-accounts.ts';
import { bookImportRows } from '../../src/db/schema/book-imports.ts';
import { loanRestructurings, loans, scheduledPayments } from '../../src/db/schema/loans.ts';
import { fees, paymentItems, payments } from '../../src/db/schema/payments.ts';
import { loanPayoffs } from '../../src/db/schema/payoffs.ts';
import { loanWriteOffs } from '../../src/db/schema/write-offs.ts';
import { expectReportTallies } from './report-tallies-invariant.ts';
import { expectLoanStatusTally } from './status-tally-invariant.ts';

/**
 * docs/architecture.md "Loan policy", "Loan lifecycle and the cash ledger" and "Payments", written out again
 * here on purpose (not imported from @prestaya/domain loan-balance.ts) so the check does not trust the code it
 * checks. Statuses of an installment or a fee that are still owed: everything but PAID (and, for a fee,
 * CANCELLED — forgiven). A VALIDATING item is owed until its payment is confirmed.
 */
const owedInstallment = (status: string) => status !== 'PAID' && status !== 'RESTRUCTURED';
const owedFee = (status: string) => status !== 'PAID' && status !== 'CANCELLED' && status !== 'RESTRUCTURED';
/** Closed by a restructuring: its remaining (or the fine) moved into the new installments. */
const closedByRestructuring = (row: { status: string }) => row.status === 'RESTRUCTURED';
const DELIVERED = new Set(['ACTIVE', 'DELAYED', 'PAID', 'WRITTEN_OFF']);

export interface LoanInvariantSummary {
  loans: number;
  /** Loans ACTIVE, DELAYED or PAID. */
  delivered: number;
  installments: number;
  fees: number;
  payments: Record<'VALIDATING' | 'PAID' | 'REJECTED', number>;
}

/**
 * The loan invariant, for EVERY loan in the database (the companion of ledger-invariant.ts):
 * - currentBalance = Σ unpaid installments + Σ pending fees (not PAID, not CANCELLED);
 *   currentRealAmount = Σ installments + Σ fees not CANCELLED; PAID exactly when every installment is
 *   PAID and no fee is owed;
 * - a delivered loan has its `termWeeks` installments numbered 1…n summing to its total; a loan not
 *   delivered (PENDING, APPROVED, CANCELLED) has no installment, fee or payment and owes 0;
 * - its money (unless loanFromPast, which moves none): PENDING → no movement; APPROVED → one Reserva;
 *   delivered → one Reserva and one Entrega (no loan ACTIVE/DELAYED/PAID without its Entrega);
 *   CANCELLED → nothing, or a Reserva and its Liberación; each of the loan's amount, from its account;
 * - every payment: ≥ 1 item, amount = Σ items, items of its own loan; VALIDATING → its items VALIDATING
 *   and no Abono; PAID → its items PAID and exactly one Abono (PAYMENT_DEPOSIT) of its amount into its
 *   account (no payment PAID without its Abono); REJECTED → no Abono;
 * - an installment or fee is VALIDATING exactly when one VALIDATING payment holds it, and PAID exactly
 *   when one PAID payment holds it (never paid twice); every Abono belongs to a PAID payment;
 * - abonos (partial payments): an item's paid and held parts are the sums of the lines of the PAID
 *   and VALIDATING payments covering it, at most its amount; it is PAID exactly when all is paid,
 *   VALIDATING when the rest is only held, otherwise owed; the balance counts it less its paid part;
 * - the loan status tally (migration 0008) holds the number of loans of each status, and the report
 *   tallies the figures the reports compute from the rows (report-tallies-invariant.ts).
 * Returns what it checked, so a caller can show its workload was not empty.
 */
export async function expectLoanInvariant(db: AppDb): Promise<LoanInvariantSummary> {
  const [
    loanRows,
    installmentRows,
    feeRows,
    paymentRows,
    itemRows,
    movementRows,
    restructuringRows,
    writeOffRows,
    payoffRows,
    importedRows,
  ] = await Promise.all([
    db.select().from(loans),
    db.select().from(scheduledPayments),
    db.select().from(fees),
    db.select().from(payments),
    db.select().from(paymentItems),
    db.select().from(accountTransactions),
    db.select().from(loanRestructurings),
    db.select().from(loanWriteOffs),
    db.select().from(loanPayoffs),
    db.select().from(bookImportRows),
  ]);
  const payoffOf = new Map(payoffRows.map((p) => [p.paymentId, p]));
  const groupBy = <T, K>(rows: T[], key: (row: T) => K) => {
    const map = new Map<K, T[]>();
    for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
    return map;
  };
  const installmentsOf = groupBy(installmentRows, (r) => r.loanId);
  const writeOffOf = groupBy(writeOffRows, (r) => r.loanId);
  const feesOf = groupBy(feeRows, (r) => r.loanId);
  const paymentsOf = groupBy(paymentRows, (r) => r.loanId);
  const itemsOf = groupBy(itemRows, (r) => r.paymentId);
  const restructuringsOf = groupBy(restructuringRows, (r) => r.loanId);
  const movementsOfLoan = groupBy(
    // An Abono also names its loan; the loan's own movements are its Reserva, Entrega, Liberación.
    movementRows.filter((m) => m.loanId !== null && m.operationType !== 'PAYMENT_DEPOSIT'),
    (r) => r.loanId,
  );
  const abonosOf = groupBy(
    movementRows.filter((m) => m.operationType === 'PAYMENT_DEPOSIT'),
    (r) => r.paymentId,
  );
  const paymentById = new Map(paymentRows.map((p) => [p.id, p]));
  const installmentById = new Map(installmentRows.map((i) => [i.id, i]));
  const feeById = new Map(feeRows.map((f) => [f.id, f]));
  const sum = (rows: { amountCents: number }[]) => rows.reduce((total, row) => total + row.amountCents, 0);
  const owedPart = (rows: { amountCents: number; paidCents: number }[]) =>
    rows.reduce((total, row) => total + row.amountCents - row.paidCents, 0);
  // Items an abono covers part of: their status follows their parts, not one payment's status.
  const abonoTargets = new Set(
    itemRows
      .filter((item) => paymentById.get(item.paymentId)?.kind === 'ABONO')
      .map((item) => item.scheduledPaymentId ?? item.feeId ?? ''),
  );

  for (const loan of loanRows) {
    const label = `préstamo #${loan.num} (${loan.status})`;
    const installments = installmentsOf.get(loan.id) ?? [];
    const loanFees = feesOf.get(loan.id) ?? [];
    const loanPayments = paymentsOf.get(loan.id) ?? [];

    expect(
      { balance: loan.currentBalanceCents, real: loan.currentRealAmountCents },
      `${label}: saldo = pagos sin pagar + multas pendientes`,
    ).toEqual({
      balance:
        owedPart(installments.filter((i) => owedInstallment(i.status))) +
        owedPart(loanFees.filter((f) => owedFee(f.status))),
      real:
        sum(installments.filter((i) => !closedByRestructuring(i))) +
        sum(loanFees.filter((f) => f.status !== 'CANCELLED' && !closedByRestructuring(f))),
    });

    // A restructuring closes what remained (closed) and adds installments summing to it plus the
    // fines it included (spread), numbered after the last; it never deletes a row.
    const restructurings = restructuringsOf.get(loan.id) ?? [];
    const sumOf = (key: 'weeks' | 'closedCents' | 'includedFinesCents' | 'spreadCents') =>
      restructurings.reduce((total, r) => total + r[key], 0);
    expect(loan.restructureCount, `${label}: reestructuras contadas`).toBe(restructurings.length);
    expect(
      {
        closed: owedPart(installments.filter(closedByRestructuring)),
        included: owedPart(loanFees.filter(closedByRestructuring)),
      },
      `${label}: lo cerrado por reestructuras`,
    ).toEqual({ closed: sumOf('closedCents'), included: sumOf('includedFinesCents') });
    for (const r of restructurings) {
      expect(r.spreadCents, `${label}: reestructura ${r.sequence}: nuevo = cerrado + multas incluidas`).toBe(
        r.closedCents + r.includedFinesCents,
      );
      const added = installments.filter(
        (i) => i.paymentNumber >= r.firstPaymentNumber && i.paymentNumber <= r.lastPaymentNumber,
      );
      expect(
        { count: added.length, sum: sum(added) },
        `${label}: reestructura ${r.sequence}: sus pagos nuevos`,
      ).toEqual({ count: r.weeks, sum: r.spreadCents });
    }

    if (DELIVERED.has(loan.status)) {
      expect(
        installments.map((i) => i.paymentNumber).sort((a, b) => a - b),
        `${label}: pagos 1…n`,
      ).toEqual(Array.from({ length: loan.termWeeks + sumOf('weeks') }, (_, k) => k + 1));
      expect(sum(installments), `${label}: Σ pagos = total + Σ reestructurado`).toBe(
        loan.totalCents + sumOf('spreadCents'),
      );
      const settled =
        installments.every((i) => i.status === 'PAID' || closedByRestructuring(i)) &&
        !loanFees.some((f) => owedFee(f.status));
      // A written-off loan stays WRITTEN_OFF whatever is recovered (docs/product.md "Castigo").
      if (loan.status !== 'WRITTEN_OFF') {
        expect(loan.status === 'PAID', `${label}: PAGADO solo sin nada que deber`).toBe(settled);
      }
    } else {
      expect(
        { installments: installments.length, fees: loanFees.length, payments: loanPayments.length },
        `${label}: sin entregar, sin pagos programados, multas ni pagos`,
      ).toEqual({ installments: 0, fees: 0, payments: 0 });
    }

    const movements = (movementsOfLoan.get(loan.id) ?? []).map((m) => m.operationType).sort();
    const expectedMovements = loan.loanFromPast
      ? [[]]
      : loan.status === 'PENDING'
        ? [[]]
        : loan.status === 'APPROVED'
          ? [['VIRTUAL_WITHDRAWAL']]
          : loan.status === 'CANCELLED'
            ? [[], ['RELEASE', 'VIRTUAL_WITHDRAWAL']]
            : [['VIRTUAL_WITHDRAWAL', 'WITHDRAWAL']];
    expect(expectedMovements, `${label}: movimientos ${movements.join(', ') || 'ninguno'}`).toContainEqual(
      movements,
    );
    for (const movement of movementsOfLoan.get(loan.id) ?? []) {
      expect(
        { amount: movement.amountCents, account: movement.accountId },
        `${label}: ${movement.operationType} del monto, en su cuenta`,
      ).toEqual({ amount: loan.amountCents, account: loan.bankAccountId });
    }

    // Castigo: one write-off row exactly for a WRITTEN_OFF loan; a recovery is a payment registered
    // on a written-off loan, after its write-off; every other payment of it came before.
    const writeOffs = writeOffOf.get(loan.id) ?? [];
    expect(writeOffs.length, `${label}: castigo registrado`).toBe(loan.status === 'WRITTEN_OFF' ? 1 : 0);
    const writtenOffAt = writeOffs[0]?.createdOn.getTime();
    for (const payment of loanPayments) {
      const after = writtenOffAt !== undefined && payment.createdOn.getTime() >= writtenOffAt;
      expect(payment.recovery, `${label}, pago ${payment.id}: recuperación solo tras el castigo`).toBe(after);
    }

    for (const payment of loanPayments) {
      const plabel = `${label}, pago ${payment.id} (${payment.status})`;
      const items = itemsOf.get(payment.id) ?? [];
      expect(items.length, `${plabel}: sin conceptos`).toBeGreaterThan(0);
      expect(sum(items), `${plabel}: monto = Σ conceptos`).toBe(payment.amountCents);
      const targets = items.map((item) =>
        item.scheduledPaymentId
          ? installmentById.get(item.scheduledPaymentId)
          : item.feeId
            ? feeById.get(item.feeId)
            : undefined,
      );
      for (const target of targets)
        expect(target?.loanId, `${plabel}: concepto de otro préstamo`).toBe(loan.id);
      // A payoff keeps its quote: cash = what remained − the discount, the discount on its lines.
      const payoff = payoffOf.get(payment.id);
      expect(payoff !== undefined, `${plabel}: liquidación con su cotización`).toBe(
        payment.kind === 'PAYOFF',
      );
      const discounts = items.reduce((total, item) => total + item.discountCents, 0);
      if (payoff) {
        expect(
          { amount: payment.amountCents, discount: discounts, loan: payoff.loanId },
          `${plabel}: monto y descuento de la cotización`,
        ).toEqual({ amount: payoff.quoteCents, discount: payoff.discountCents, loan: loan.id });
      } else {
        expect(discounts, `${plabel}: descuento solo en una liquidación`).toBe(0);
      }
      const abonos = abonosOf.get(payment.id) ?? [];
      if (payment.status === 'PAID') {
        expect(
          abonos.map((a) => ({ amount: a.amountCents, account: a.accountId, loan: a.loanId })),
          `${plabel}: un Abono de su monto en su cuenta`,
        ).toEqual([{ amount: payment.amountCents, account: payment.bankAccountId, loan: loan.id }]);
      } else {
        expect(abonos, `${plabel}: Abono sin pago confirmado`).toHaveLength(0);
      }
      if (payment.status === 'PAID' || payment.status === 'VALIDATING') {
        for (const target of targets.filter((t) => !abonoTargets.has(t?.id ?? '')))
          expect(target?.status, `${plabel}: estatus de sus conceptos`).toBe(payment.status);
      }
    }
  }

  // A loan imported from an existing book ('Importar') was paid in part before it came here: its first
  // installments whole and part of the next one, with no payment row (book_import_rows keeps how much).
  const importedOf = new Map(importedRows.filter((r) => r.loanId).map((r) => [r.loanId, r]));
  const paidBeforeImport = new Map<string, number>();
  for (const installment of installmentRows) {
    const imported = importedOf.get(installment.loanId);
    if (!imported) continue;
    const k = installment.paymentNumber;
    const before =
      k <= imported.installmentsPaid
        ? installment.amountCents
        : k === imported.installmentsPaid + 1
          ? imported.partialCents
          : 0;
    if (before > 0) paidBeforeImport.set(installment.id, before);
  }

  // Each installment or fee in validation or paid is held by exactly one payment of that status,
  // unless abonos cover it in parts.
  const holders = new Map<string, string[]>();
  const parts = new Map<string, { paid: number; held: number }>();
  for (const item of itemRows) {
    const payment = paymentById.get(item.paymentId);
    expect(payment, `concepto ${item.id} sin pago`).toBeDefined();
    if (payment?.status !== 'PAID' && payment?.status !== 'VALIDATING') continue;
    const target = item.scheduledPaymentId ?? item.feeId ?? '';
    holders.set(target, [...(holders.get(target) ?? []), payment.status]);
    const part = parts.get(target) ?? { paid: paidBeforeImport.get(target) ?? 0, held: 0 };
    // An early payoff's line takes its discount with its cash (loan_payoffs): waived, not lost.
    const taken = item.amountCents + item.discountCents;
    if (payment.status === 'PAID') part.paid += taken;
    else part.held += taken;
    parts.set(target, part);
  }
  for (const item of [...installmentRows, ...feeRows]) {
    const label = `concepto ${item.id} (${item.status})`;
    // Its parts are what the payments that cover it paid (PAID) and hold (VALIDATING), never more
    // than its amount; PAID exactly when all is paid, VALIDATING when the rest is only held.
    const part = parts.get(item.id) ?? { paid: paidBeforeImport.get(item.id) ?? 0, held: 0 };
    expect({ paid: item.paidCents, held: item.heldCents }, `${label}: partes = Σ pagos`).toEqual(part);
    expect(part.paid + part.held, `${label}: partes ≤ monto`).toBeLessThanOrEqual(item.amountCents);
    const byParts =
      part.paid === item.amountCents
        ? 'PAID'
        : part.paid + part.held === item.amountCents
          ? 'VALIDATING'
          : 'owed';
    expect(
      item.status === 'PAID' || item.status === 'VALIDATING' ? item.status : 'owed',
      `${label}: estatus según sus partes`,
    ).toBe(byParts);
    if (abonoTargets.has(item.id) || paidBeforeImport.has(item.id)) continue;
    const held = holders.get(item.id) ?? [];
    const expected = item.status === 'PAID' || item.status === 'VALIDATING' ? [item.status] : [];
    expect(held, `${label}: pagos que lo cubren`).toEqual(expected);
  }
  for (const [paymentId, abonos] of abonosOf) {
    expect(paymentById.get(paymentId ?? '')?.status, `Abono ${abonos[0]?.id} sin pago confirmado`).toBe(
      'PAID',
    );
  }

  await expectLoanStatusTally(db);
  await expectReportTallies(db);
  const count = (status: string) => paymentRows.filter((p) => p.status === status).length;
  return {
    loans: loanRows.length,
    delivered: loanRows.filter((l) => DELIVERED.has(l.status)).length,
    installments: installmentRows.length,
    fees: feeRows.length,
    payments: { VALIDATING: count('VALIDATING'), PAID: count('PAID'), REJECTED: count('REJECTED') },
  };
}
