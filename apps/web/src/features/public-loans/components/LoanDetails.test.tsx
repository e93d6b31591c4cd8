import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { headersOf, rowsOf } from '../../../test/table.ts';
import { json, mockServer, problem, renderRoutes } from '../../../test/utils.tsx';
import { LOAN_ID, loanDetail, ok } from '../test/fixtures.ts';
import { LoanDetails } from './LoanDetails.tsx';

function Route() {
  const { id = '' } = useParams();
  return <LoanDetails id={id} />;
}
const routes = [{ path: '/loans/:id', element: <Route /> }];

describe('LoanDetails (/loans/:id)', { timeout: 20_000 }, () => {
  it('shows the statement with public labels and DD/MM/YY dates', async () => {
    const { requests } = mockServer(({ method, url }) =>
      method === 'GET' && url.pathname === `/public/api/v1/loans/${LOAN_ID}`
        ? json(200, ok(loanDetail))
        : undefined,
    );
    renderRoutes(routes, `/loans/${LOAN_ID}`);
    expect(
      screen.getByRole('heading', { name: 'Estado de Cuenta de Préstamo', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('statement-customer')).toHaveTextContent('María López');
    expect(screen.getByText('1001')).toBeInTheDocument();
    expect(screen.getByTestId('payment-reference')).toHaveTextContent('1001-05');
    expect(screen.getByRole('button', { name: 'Copiar referencia de pago' })).toBeInTheDocument();
    expect(screen.getByText('$10,000.00')).toBeInTheDocument();
    expect(screen.getByText('05/01/26')).toBeInTheDocument();
    expect(screen.getByText('06/01/26')).toBeInTheDocument();
    expect(screen.getByText('$11,000.00')).toBeInTheDocument();
    expect(screen.getByText('$12,000.00')).toBeInTheDocument();
    expect(screen.getAllByText('Atrasado').length).toBeGreaterThan(0);

    const fees = screen.getByRole('table', { name: 'Multas' });
    expect(headersOf(fees)).toEqual(['Fecha', 'Concepto', 'Monto', 'Estatus']);
    expect(rowsOf(fees)).toEqual([['23/01/26', 'Multa por atraso 1', '$500.50', 'Pendiente']]);

    const schedule = screen.getByRole('table', { name: 'Calendario de pagos' });
    expect(headersOf(schedule)).toEqual(['No.', 'Concepto', 'Vence', 'Monto', 'Estatus']);
    expect(rowsOf(schedule)).toEqual([
      ['1', 'Pago 1 de 12', '14/01/26', '$1,000.00', 'Pagado'],
      ['2', 'Pago 2 de 12', '21/01/26', '$1,000.00', 'Pendiente'],
    ]);
    expect(within(schedule).queryByText(/2026/)).not.toBeInTheDocument();
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
  });

  it('after a payment in validation, labels the balance, the amount in validation and what remains', async () => {
    const validating = {
      ...loanDetail,
      loan: { ...loanDetail.loan, currentBalance: 4950, inValidation: 1150, balanceAfterValidation: 3800 },
    };
    mockServer(() => json(200, ok(validating)));
    renderRoutes(routes, `/loans/${LOAN_ID}`);
    await screen.findByTestId('statement-customer');
    const figure = (label: string) => screen.getByText(label, { selector: 'dt,p,span,div' }).parentElement;
    expect(figure('Saldo actual')).toHaveTextContent('$4,950.00');
    expect(figure('Pago en validación')).toHaveTextContent('$1,150.00');
    expect(figure('Saldo al confirmarse el pago')).toHaveTextContent('$3,800.00');
    expect(figure('Total del préstamo')).toHaveTextContent('$12,000.00');
    expect(screen.queryByText('Total a pagar')).not.toBeInTheDocument();
  });

  it("ends with the business's contact, only what is set, and nothing while none is", async () => {
    const settings = {
      name: 'Préstamos Don Beto',
      phone: '5587654321',
      whatsapp: null,
      address: null,
      hours: 'Lunes a viernes',
      complaintsContact: 'quejas@donbeto.mx',
    };
    mockServer(({ url }) =>
      url.pathname === '/api/v1/settings/business' ? json(200, ok(settings)) : json(200, ok(loanDetail)),
    );
    const { unmount } = renderRoutes(routes, `/loans/${LOAN_ID}`);
    const contact = await screen.findByRole('region', { name: '¿Dudas o aclaraciones?' });
    expect(within(contact).getByText('Préstamos Don Beto')).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: '55 8765 4321' })).toHaveAttribute(
      'href',
      'tel:+525587654321',
    );
    expect(within(contact).getByText('Horario: Lunes a viernes')).toBeInTheDocument();
    expect(within(contact).getByText('Quejas y aclaraciones: quejas@donbeto.mx')).toBeInTheDocument();
    expect(within(contact).queryByText(/WhatsApp/)).not.toBeInTheDocument();
    unmount();

    const { requests } = mockServer(({ url }) =>
      url.pathname === '/api/v1/settings/business'
        ? json(200, ok({ ...settings, phone: null, hours: null, complaintsContact: null }))
        : json(200, ok(loanDetail)),
    );
    renderRoutes(routes, `/loans/${LOAN_ID}`);
    await screen.findByTestId('statement-customer');
    await vi.waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/api/v1/settings/business')).toBe(true),
    );
    expect(screen.queryByRole('region', { name: '¿Dudas o aclaraciones?' })).not.toBeInTheDocument();
  });

  it('shows no validation figures when nothing is in validation', async () => {
    mockServer(() => json(200, ok(loanDetail)));
    renderRoutes(routes, `/loans/${LOAN_ID}`);
    await screen.findByTestId('statement-customer');
    expect(screen.queryByText('Pago en validación')).not.toBeInTheDocument();
    expect(screen.queryByText('Saldo al confirmarse el pago')).not.toBeInTheDocument();
  });

  it('says why a loan not yet delivered has no schedule instead of an empty table', async () => {
    const pending = {
      ...loanDetail,
      loan: { ...loanDetail.loan, status: 'APPROVED' as const, activatedOn: null },
      fees: [],
      schedulePayments: [],
    };
    mockServer(() => json(200, ok(pending)));
    renderRoutes(routes, `/loans/${LOAN_ID}`);
    expect(
      await screen.findByText(/aprobado y está en espera de entrega; el calendario de pagos se genera/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Calendario de pagos' })).not.toBeInTheDocument();
  });

  it('shows the spec not-found panel on a 404', async () => {
    mockServer(() => problem(404, 'Préstamo no encontrado'));
    renderRoutes(routes, '/loans/2b6a9d8e-0000-4000-8000-000000000000');
    expect(await screen.findByTestId('loan-not-found')).toHaveTextContent(
      'Préstamo no encontrado. No pudimos encontrar tu préstamo. Favor de comunicarse con su agente para obtener detalles de su préstamo',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('retries a server failure by itself and shows the statement', async () => {
    let calls = 0;
    // The statement's reads only (the business's contact is asked for once it shows; the CAT is a
    // read of its own, /cat).
    mockServer(({ url }) =>
      url.pathname.startsWith('/api/') || url.pathname.endsWith('/cat')
        ? undefined
        : ++calls === 1
          ? problem(503, 'Servicio no disponible')
          : json(200, ok(loanDetail)),
    );
    renderRoutes(routes, `/loans/${LOAN_ID}`);
    expect(await screen.findByTestId('statement-customer', {}, { timeout: 5_000 })).toHaveTextContent(
      'María López',
    );
    expect(calls).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows a refusal that is an answer at once, and 'Reintentar' reads the statement again", async () => {
    let calls = 0;
    mockServer(({ url }) =>
      // Counts the statement's reads: its CAT is a read of its own (/cat).
      url.pathname.startsWith('/api/') || url.pathname.endsWith('/cat')
        ? undefined
        : ++calls === 1
          ? problem(429, 'Demasiadas consultas')
          : json(200, ok(loanDetail)),
    );
    renderRoutes(routes, `/loans/${LOAN_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiadas consultas');
    expect(calls).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('statement-customer')).toHaveTextContent('María López');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
