import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { loanIn, ok, scheduleOf } from '../test/fixtures.ts';
import { fee, loanPayment } from '../test/payment-fixtures.ts';
import { LoanStatement } from './LoanStatement.tsx';
import { ScheduleTable } from './ScheduleTable.tsx';

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))
    .filter((cells) => cells.length > 0);

/** Installment 1 paid; an abono paid $350 of installment 2 and another holds $100 of it. */
const loan = loanIn('ACTIVE');
const base = `/api/v1/loans/${loan.id}`;
const schedule = scheduleOf(loan).map((p) => (p.paymentNumber === 2 ? { ...p, paid: 350, held: 100 } : p));

function serve(fees: unknown[] = []) {
  mockServer(({ url }) => {
    if (url.pathname === base) return ok(200, { ...loan, currentBalance: 10_650 });
    if (url.pathname === `${base}/scheduled-payments`) return ok(200, schedule);
    if (url.pathname === `${base}/fees`) return ok(200, fees);
    if (url.pathname === `${base}/payments`) {
      return ok(200, [
        loanPayment(loan, 1, { status: 'PAID', amount: 1_350, kind: 'ABONO' }),
        loanPayment(loan, 2, { status: 'VALIDATING', amount: 100, kind: 'ABONO' }),
      ]);
    }
    return undefined;
  });
}

describe('an installment paid in part by abonos', { timeout: 20_000 }, () => {
  it('shows what was paid, what is in validation and what remains in the schedule table', async () => {
    serve();
    renderWithProviders(<ScheduleTable loanId={loan.id} />);
    const table = await screen.findByRole('table', { name: 'Calendario de pagos' });
    const second = within(table).getAllByRole('row')[2];
    expect(second).toHaveTextContent('$1,000.00Abonado $350.00En validación $100.00Resta $650.00');
    expect(within(table).getAllByRole('row')[3]).not.toHaveTextContent('Resta');
  });

  it('the statement counts the paid part and names each abono', async () => {
    serve();
    renderWithProviders(<LoanStatement loanId={loan.id} />);
    await screen.findByRole('heading', { name: 'Estado de cuenta', level: 1 });
    expect(rows(screen.getByRole('table', { name: 'Resumen del estado de cuenta' }))[0]).toEqual([
      'Pagos semanales cubiertos',
      '$1,350.00 de $12,000.00',
    ]);
    expect(rows(screen.getByRole('table', { name: 'Calendario de pagos' }))[1]).toEqual([
      '2',
      '18/03/2026',
      'Pendiente',
      '$1,000.00 (abonado $350.00, resta $650.00)',
    ]);
    expect(rows(screen.getByRole('table', { name: 'Pagos recibidos' })).map((r) => r[1])).toEqual([
      'Efectivo · Abono',
      'Efectivo · Abono',
    ]);
  });

  it('a fine an abono paid in part counts its paid part as paid and owes only the rest', async () => {
    serve([fee(1, { status: 'PAID', amount: 50 }), fee(2, { status: 'PENDING', amount: 50, paid: 20 })]);
    renderWithProviders(<LoanStatement loanId={loan.id} />);
    await screen.findByRole('heading', { name: 'Estado de cuenta', level: 1 });
    const summary = rows(screen.getByRole('table', { name: 'Resumen del estado de cuenta' }));
    expect(summary).toContainEqual(['Multas pagadas', '$70.00']);
    expect(summary).toContainEqual(['Multas pendientes', '$30.00']);
  });
});
