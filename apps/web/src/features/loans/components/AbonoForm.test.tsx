import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { paymentReply } from '../../../test/fixtures.ts';
import { json, mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { agentLogin, loanIn, ok } from '../test/fixtures.ts';
import { fee, pendingOf } from '../test/payment-fixtures.ts';
import { PaymentForm } from './PaymentForm.tsx';

const loan = loanIn('DELAYED');
const pendingPath = `/api/v1/loans/${loan.id}/pending-payments`;
const paymentsPath = `/api/v1/loans/${loan.id}/payments`;

function serve(pending: ReturnType<typeof pendingOf>) {
  return mockServer(({ method, url }) => {
    if (method === 'GET' && url.pathname === pendingPath) return ok(200, pending);
    if (method === 'POST' && url.pathname === paymentsPath) {
      return json(201, { status: 'OK', data: paymentReply() });
    }
    return undefined;
  });
}

const amountInput = () => screen.getByRole('textbox', { name: 'Monto del abono' });

describe("'Registro de Pago' · Abono", { timeout: 20_000 }, () => {
  it('keeps the tick form as the default; Abono previews what the amount pays and sends only the amount', async () => {
    session.start(agentLogin);
    // Installments 2…5 of $1,000 and two $50 fines: she owes $4,100.
    const { requests } = serve(pendingOf(loan, [fee(1), fee(2)], 1_000));
    const onDone = vi.fn();
    renderWithProviders(<PaymentForm loan={loan} onDone={onDone} />);
    await screen.findByRole('table', { name: 'Pagos pendientes' });
    expect(screen.getByRole('radio', { name: 'Marcar pagos' })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'Abono' }));
    expect(screen.queryByRole('table', { name: 'Pagos pendientes' })).not.toBeInTheDocument();
    expect(screen.getByText(/Debe \$4,100\.00/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar Abono' })).toBeDisabled();

    await userEvent.type(amountInput(), '4100.01');
    expect(screen.getByText('El abono no puede ser mayor a lo que se debe ($4,100.00)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar Abono' })).toBeDisabled();

    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), '1500');
    const preview = screen.getByRole('table', { name: 'Lo que paga el abono' });
    const rows = within(preview)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Multa día 19/03/2026$50.00',
      'Multa día 20/03/2026$50.00',
      'Pago 2 de 12$1,000.00',
      'Pago 3 de 12$400.00resta $600.00',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Registrar Abono por $1,500.00' }));
    expect(onDone).toHaveBeenCalled();
    const post = requests.find((r) => r.method === 'POST');
    const body = post?.body as FormData;
    expect(JSON.parse(await (body.get('paymentRequest') as Blob).text())).toEqual({
      abono: 1_500,
      paymentMethod: 'CASH',
      scheduledPaymentIds: [],
      feeIds: [],
    });
    expect(post?.headers.get('idempotency-key')).toMatch(/^[\w-]{8,}$/);
  });

  it('refuses less than $1', async () => {
    session.start(agentLogin);
    serve(pendingOf(loan, [], 1_000));
    renderWithProviders(<PaymentForm loan={loan} onDone={() => {}} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Abono' }));
    await userEvent.type(amountInput(), '0.99');
    expect(screen.getByText('El abono debe ser de al menos $1.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar Abono' })).toBeDisabled();
  });
});
