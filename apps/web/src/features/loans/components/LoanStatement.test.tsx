import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { loanIn, ok, scheduleOf } from '../test/fixtures.ts';
import { fee, loanPayment } from '../test/payment-fixtures.ts';
import { LoanStatement, sumPesos } from './LoanStatement.tsx';

/** Body rows (header rows have no td). */
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))
    .filter((cells) => cells.length > 0);

describe('LoanStatement (print)', { timeout: 20_000 }, () => {
  it('prints the loan, its schedule, fees and payments, with paid installments and fines apart', async () => {
    const loan = loanIn('ACTIVE');
    const base = `/api/v1/loans/${loan.id}`;
    mockServer(({ url }) => {
      if (url.pathname === base) return ok(200, loan);
      if (url.pathname === `${base}/scheduled-payments`) return ok(200, scheduleOf(loan));
      if (url.pathname === `${base}/fees`) {
        return ok(200, [fee(1), fee(2, { status: 'CANCELLED' }), fee(3, { status: 'PAID', amount: 0.1 })]);
      }
      if (url.pathname === `${base}/payments`) {
        return ok(200, [
          loanPayment(loan, 1, { status: 'PAID', amount: 1_000.1 }),
          loanPayment(loan, 3, { status: 'VALIDATING', amount: 1_000 }),
          loanPayment(loan, 4, { status: 'REJECTED', amount: 500 }),
        ]);
      }
      return undefined;
    });
    renderWithProviders(<LoanStatement loanId={loan.id} />);

    expect(await screen.findByRole('heading', { name: 'Estado de cuenta', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(`Préstamo No. ${loan.num}`)).toBeInTheDocument();
    const fields = within(screen.getByLabelText('Datos del préstamo'));
    expect(fields.getByText('José Gómez Núñez')).toBeInTheDocument();
    expect(fields.getByText('Al corriente')).toBeInTheDocument();
    expect(fields.getByText('$12,000.00')).toBeInTheDocument();

    // The confirmed $1,000.10 paid installment 1 and a fine: never one figure read against the total.
    expect(rows(screen.getByRole('table', { name: 'Resumen del estado de cuenta' }))).toEqual([
      ['Pagos semanales cubiertos', '$1,000.00 de $12,000.00'],
      ['Multas pagadas', '$0.10'],
      ['Pagos en validación', '$1,000.00'],
      ['Multas pendientes', '$50.00'],
      ['Saldo', '$11,000.00'],
    ]);
    const schedule = rows(screen.getByRole('table', { name: 'Calendario de pagos' }));
    expect(schedule).toHaveLength(12);
    expect(schedule[0]).toEqual(['1', '11/03/2026', 'Pagado', '$1,000.00']);
    expect(schedule[11]).toEqual(['12', '27/05/2026', 'Pendiente', '$1,000.00']);
    expect(rows(screen.getByRole('table', { name: 'Multas' }))).toEqual([
      ['19/03/2026', 'Multa día 19/03/2026', 'Pendiente', '$50.00'],
      ['20/03/2026', 'Multa día 20/03/2026', 'Cancelada', '$50.00'],
      ['21/03/2026', 'Multa día 21/03/2026', 'Pagada', '$0.10'],
    ]);
    expect(rows(screen.getByRole('table', { name: 'Pagos recibidos' })).map((r) => r[2])).toEqual([
      'Confirmado',
      'Validando',
      'Rechazado',
    ]);
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
  });

  it('prints the closed and the new installments of a restructured loan, owed against the new ones', async () => {
    const loan = loanIn('ACTIVE', {
      restructureCount: 1,
      restructuredOn: '2026-03-25T16:00:00.000Z',
      currentBalance: 11_000,
    });
    const base = `/api/v1/loans/${loan.id}`;
    const closed = scheduleOf(loan).map((installment, i) =>
      i === 0 ? installment : { ...installment, status: 'RESTRUCTURED' as const },
    );
    const added = [1, 2].map((j) => ({
      id: `0190a0c0-0000-7000-8000-00000000030${j}`,
      paymentNumber: 12 + j,
      dueDate: `2026-04-0${j}`,
      amount: 5_500,
      status: 'PENDING' as const,
      concept: `Reestructura · Pago ${j} de 2`,
    }));
    mockServer(({ url }) => {
      if (url.pathname === base) return ok(200, loan);
      if (url.pathname === `${base}/scheduled-payments`) return ok(200, [...closed, ...added]);
      if (url.pathname === `${base}/fees`) return ok(200, [fee(1, { status: 'CANCELLED' })]);
      if (url.pathname === `${base}/payments`) return ok(200, [loanPayment(loan, 1, { status: 'PAID' })]);
      return undefined;
    });
    renderWithProviders(<LoanStatement loanId={loan.id} />);
    expect(await screen.findByRole('heading', { name: 'Estado de cuenta', level: 1 })).toBeInTheDocument();
    const fields = within(screen.getByLabelText('Datos del préstamo'));
    expect(fields.getByText('Una vez, la última el 25/03/2026')).toBeInTheDocument();
    expect(rows(screen.getByRole('table', { name: 'Resumen del estado de cuenta' }))[0]).toEqual([
      'Pagos semanales cubiertos',
      '$1,000.00 de $12,000.00',
    ]);
    const schedule = rows(screen.getByRole('table', { name: 'Calendario de pagos' }));
    expect(schedule).toHaveLength(14);
    expect(schedule[1]).toEqual(['2', '18/03/2026', 'Reestructurado', '$1,000.00']);
    expect(schedule[13]).toEqual(['14', '02/04/2026', 'Pendiente', '$5,500.00']);
  });

  it("shows the server's detail when the loan is not visible", async () => {
    mockServer(() => problem(404, 'Préstamo no encontrado'));
    renderWithProviders(<LoanStatement loanId="0190a0c0-0000-7000-8000-0000000009f9" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Préstamo no encontrado');
  });

  it('sums peso amounts in centavos', () => {
    expect(sumPesos([0.1, 0.2])).toBe(0.3);
    expect(sumPesos([1_000, 50.55, 0.45])).toBe(1_051);
    expect(sumPesos([])).toBe(0);
  });
});
