import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { adminLogin, agentLogin, loanIn, ok, visibleCells } from '../test/fixtures.ts';
import { loanPayment } from '../test/payment-fixtures.ts';
import { LoanPayments } from './LoanPayments.tsx';

const loan = loanIn('ACTIVE');
const paymentsPath = `/api/v1/loans/${loan.id}/payments`;
const payments = [
  loanPayment(loan, 1, { status: 'PAID', amount: 2_050, paymentMethod: 'TRANSFER' }),
  loanPayment(loan, 2),
];

const serve = (list = payments) =>
  mockServer(({ method, url }) =>
    method === 'GET' && url.pathname === paymentsPath ? ok(200, list) : undefined,
  );

describe("'Lista de Pagos'", { timeout: 20_000 }, () => {
  it("lists Fecha, Monto, Método and Estatus, with 'Ver' to the payment's details", async () => {
    session.start(adminLogin);
    serve();
    renderWithProviders(<LoanPayments loan={loan} />);
    const table = await screen.findByRole('table', { name: 'Pagos del préstamo' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => visibleCells(r))).toEqual([
      ['19/03/2026', '$2,050.00', 'Transferencia', 'Confirmado', 'Ver'],
      ['20/03/2026', '$1,000.00', 'Efectivo', 'Validando', 'Ver'],
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Ver' })).toHaveAttribute(
      'href',
      `/admin/payments/${payments[0]?.id}`,
    );
  });

  it("gives an agent 'Ver' too (the details are read-only for them), and the empty state", async () => {
    session.start(agentLogin);
    serve();
    const view = renderWithProviders(<LoanPayments loan={loan} />);
    const table = await screen.findByRole('table', { name: 'Pagos del préstamo' });
    expect(
      within(table)
        .getAllByRole('link', { name: 'Ver' })
        .map((a) => a.getAttribute('href')),
    ).toEqual(payments.map((p) => `/admin/payments/${p.id}`));
    view.unmount();

    serve([]);
    renderWithProviders(<LoanPayments loan={loan} />);
    expect(await screen.findByText('Aún no hay pagos registrados')).toBeInTheDocument();
  });
});

describe("'Pagos por autorizar' (Pago sin PIN)", { timeout: 20_000 }, () => {
  it("shows the payments sent without PIN; 'Autorizar' authorises from the session and reloads", async () => {
    session.start(agentLogin);
    const requestId = '0190a0c0-0000-7000-8000-0000000000f1';
    let waiting = [
      {
        id: requestId,
        loanId: loan.id,
        amount: 1_000,
        paymentMethod: 'CASH',
        scheduledPaymentIds: ['0190a0c0-0000-7000-8000-0000000000f2'],
        feeIds: [],
        hasProof: false,
        createdOn: '2026-03-20T17:00:00.000Z',
      },
    ];
    const { requests } = mockServer(({ method, url }) => {
      if (method === 'GET' && url.pathname === paymentsPath) return ok(200, payments);
      if (method === 'GET' && url.pathname === `/api/v1/loans/${loan.id}/payment-requests`)
        return ok(200, waiting);
      if (method === 'POST' && url.pathname === `/api/v1/payment-requests/${requestId}/authorise`) {
        waiting = [];
        return ok(200, loanPayment(loan, 3));
      }
      return undefined;
    });
    renderWithProviders(<LoanPayments loan={loan} />);
    const box = await screen.findByLabelText('Pagos por autorizar');
    expect(within(box).getByText(/El cliente registró estos pagos sin PIN/)).toBeInTheDocument();
    expect(within(box).getByTestId('payment-request')).toHaveTextContent('$1,000.00');
    expect(within(box).getByTestId('payment-request')).toHaveTextContent('Efectivo');
    await userEvent.click(within(box).getByRole('button', { name: 'Autorizar' }));
    await waitFor(() => expect(screen.queryByLabelText('Pagos por autorizar')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
      `/api/v1/payment-requests/${requestId}/authorise`,
    ]);
  });
});
