import type { PayoffQuote } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { adminLogin, loanIn, ok } from '../test/fixtures.ts';
import { PayoffDialog } from './PayoffDialog.tsx';
import { RenewDialog } from './RenewDialog.tsx';

const loan = loanIn('ACTIVE');
const base = `/api/v1/loans/${loan.id}`;

/** The server's quote: $12,000 pending, $150 of fines, a $916.63 discount. */
const quote = (paid: number): PayoffQuote => ({
  loan: { id: loan.id, num: loan.num },
  customer: { id: loan.customer.id, name: 'Rosa Liquida' },
  date: '2026-03-25',
  installments: 12_000,
  fines: 150,
  interestNotDue: 1_833.26,
  discountBp: 5_000,
  discount: 916.63,
  total: 11_233.37,
  renewal: { paidInstallments: paid, threshold: 8, eligible: paid >= 8 },
  lines: [],
});

function serve(paid = 0) {
  return mockServer(({ method, url }) => {
    if (method === 'GET' && url.pathname === `${base}/payoff-quote`) return ok(200, quote(paid));
    if (method === 'POST' && url.pathname === `${base}/payments`) {
      return json(201, { status: 'OK', data: {} });
    }
    return undefined;
  });
}

describe("'Liquidar' and 'Renovar'", { timeout: 20_000 }, () => {
  it("shows the server's quote and registers a payoff of exactly its total", async () => {
    session.start(adminLogin);
    const { requests } = serve();
    renderWithProviders(<PayoffDialog loan={loan} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Liquidación anticipada' }));
    expect(await dialog.findByTestId('payoff-quote-total')).toHaveTextContent('$11,233.37');
    expect(dialog.getByRole('table', { name: 'Cotización de liquidación' })).toHaveTextContent('− $916.63');
    await userEvent.click(dialog.getByRole('button', { name: 'Registrar liquidación por $11,233.37' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
  });

  it('says a loan below its renewal threshold cannot be renewed yet', async () => {
    session.start(adminLogin);
    serve(5);
    renderWithProviders(<RenewDialog loan={loan} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Renovar préstamo' }));
    expect(await dialog.findByText('Lleva 5 pagos de los 8 necesarios para renovarse.')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Solicitar renovación' })).not.toBeInTheDocument();
  });

  it('shows the cash to hand over and requests the renewal', async () => {
    session.start(adminLogin);
    const { requests } = serve(8);
    renderWithProviders(<RenewDialog loan={loan} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Renovar préstamo' }));
    const amount = await dialog.findByRole('textbox', { name: 'Monto del préstamo nuevo' });
    await userEvent.type(amount, '20000');
    expect(dialog.getByTestId('renewal-cash')).toHaveTextContent('Efectivo a entregar: $8,766.63');
    await userEvent.click(dialog.getByRole('button', { name: 'Solicitar renovación' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { amount: 20_000, renewsLoanId: loan.id, loanFromPast: false },
      ]),
    );
  });
});
