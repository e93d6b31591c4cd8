import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { agentLogin } from '../../../test/fixtures.ts';
import { json, mockServer, problem, renderRoutes } from '../../../test/utils.tsx';
import { adminLogin, CUSTOMER_ID, detailsOf, ok, PAYMENT_ID } from '../test/fixtures.ts';
import { PaymentDetails } from './PaymentDetails.tsx';

/** What an agent sees of a payment (read-only), and the rejection reason everyone who sees it reads. */

const REASON = 'El depósito no aparece en el banco';
const path = `/admin/payments/${PAYMENT_ID}`;
const routes: RouteObject[] = [
  { path: '/admin/payments/:id', element: <PaymentDetails paymentId={PAYMENT_ID} /> },
  { path: '/admin/customers', element: <h1>Clientes</h1> },
];

const rejectedEntry = {
  id: 'h-2',
  at: '2026-03-10T16:30:00.000Z',
  entity: 'payment',
  entityId: PAYMENT_ID,
  action: 'rejected',
  user: { id: 'u-1', name: 'Ana', lastName: 'Admin', username: 'ana@prestaya.mx' },
  before: { status: 'VALIDATING' },
  after: { status: 'REJECTED', rejectionReason: REASON },
};

function serve(status: 'VALIDATING' | 'REJECTED') {
  return mockServer(({ method, url }) => {
    if (method === 'GET' && url.pathname === `/api/v1/payments/${PAYMENT_ID}/details`) {
      return json(200, ok(detailsOf({ status, rejectionReason: status === 'REJECTED' ? REASON : null })));
    }
    if (method === 'GET' && url.pathname === `/api/v1/audit/payment/${PAYMENT_ID}`) {
      return json(200, ok(status === 'REJECTED' ? [rejectedEntry] : []));
    }
    return undefined;
  });
}

describe('PaymentDetails, read-only', { timeout: 20_000 }, () => {
  it('an agent reads a payment in validation and prints its receipt, but cannot decide it', async () => {
    session.start(agentLogin);
    const { requests } = serve('VALIDATING');
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { name: 'Detalle del Pago', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Validando');
    expect(screen.getByTestId('payment-total')).toHaveTextContent('$2,050.00');
    expect(screen.getByRole('link', { name: 'Imprimir recibo' })).toHaveAttribute(
      'href',
      `/admin/print/payments/${PAYMENT_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Confirmar Pago' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rechazar Pago' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-rejection-reason')).not.toBeInTheDocument();
    // No 'Pagos Recibidos' for an agent: the way back is the customer's page.
    expect(screen.queryByRole('link', { name: /Pagos Recibidos/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'José Gómez Ruiz' })).toHaveAttribute(
      'href',
      `/admin/customers/${CUSTOMER_ID}`,
    );
    // Nothing of the administrators' (the accounts to confirm into) is asked for.
    expect(requests.some((r) => r.url.pathname === '/api/v1/bank-accounts')).toBe(false);
  });

  it.each([
    ['an agent', agentLogin],
    ['an administrator', adminLogin],
  ])("%s reads why it was rejected, on the page and as 'Motivo' in its history", async (_who, login) => {
    session.start(login);
    serve('REJECTED');
    renderRoutes(routes, path);
    expect(await screen.findByTestId('payment-rejection-reason')).toHaveTextContent(REASON);
    expect(screen.getByText('Motivo del rechazo')).toBeInTheDocument();
    const history = await screen.findByRole('region', { name: 'Historial' });
    const changes = await within(history).findByRole('table', { name: 'Cambios: Rechazado' });
    expect(within(changes).getByRole('row', { name: `Motivo — ${REASON}` })).toBeInTheDocument();
  });

  it("sends an agent back to 'Clientes' when the payment is not theirs", async () => {
    session.start(agentLogin);
    mockServer(() => problem(404, 'Pago no encontrado'));
    renderRoutes(routes, path);
    expect(await screen.findByRole('alert')).toHaveTextContent('Pago no encontrado');
    expect(screen.getByRole('link', { name: 'Volver a Clientes' })).toHaveAttribute(
      'href',
      '/admin/customers',
    );
  });
});
