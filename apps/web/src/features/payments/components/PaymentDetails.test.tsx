import type { PaymentStatus } from '@prestaya/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { heldReply } from '../../../test/double-click.ts';
import { headersOf } from '../../../test/table.ts';
import { json, mockServer, params, problem, renderRoutes } from '../../../test/utils.tsx';
import {
  ACCOUNT_ID,
  accounts,
  adminLogin,
  cellTexts,
  detailsOf,
  ok,
  PAYMENT_ID,
  page,
} from '../test/fixtures.ts';
import { PaymentDetails } from './PaymentDetails.tsx';

const routes: RouteObject[] = [
  { path: '/admin/payments/:id', element: <PaymentDetailsRoute /> },
  { path: '/admin/payments', element: <h1>Pagos Recibidos</h1> },
];

function PaymentDetailsRoute() {
  return <PaymentDetails paymentId={PAYMENT_ID} />;
}

const path = `/admin/payments/${PAYMENT_ID}`;
const confirmedEntry = {
  id: 'h-1',
  at: '2026-03-10T16:30:00.000Z',
  entity: 'payment',
  entityId: PAYMENT_ID,
  action: 'confirmed',
  user: { id: 'u-1', name: 'Ana', lastName: 'Admin', username: 'ana@prestaya.mx' },
  before: { status: 'VALIDATING', bankAccountId: null },
  after: { status: 'PAID', bankAccountId: ACCOUNT_ID },
};

/** A server whose payment is `status` until a PATCH changes it (or answers `patchReply`). */
function serve(
  initial: PaymentStatus,
  {
    attachments = true,
    patchReply,
  }: { attachments?: boolean; patchReply?: () => Response | Promise<Response> } = {},
) {
  let status = initial;
  return mockServer(({ method, url, body }) => {
    if (method === 'GET' && url.pathname === `/api/v1/payments/${PAYMENT_ID}/details`) {
      return json(200, ok(detailsOf({ status }, attachments)));
    }
    if (method === 'GET' && url.pathname === '/api/v1/bank-accounts') return json(200, page(accounts, 1, 30));
    if (method === 'GET' && url.pathname === `/api/v1/audit/payment/${PAYMENT_ID}`) {
      return json(200, ok([confirmedEntry]));
    }
    if (method === 'PATCH' && url.pathname === `/api/v1/payments/${PAYMENT_ID}`) {
      if (patchReply) return patchReply();
      status = (body as { status: PaymentStatus }).status;
      return json(200, ok({ ...detailsOf({ status }).payment }));
    }
    return undefined;
  });
}

beforeEach(() => session.start(adminLogin));

/** Opens 'Rechazar Pago' and returns its dialog, its 'Motivo' and its 'Aceptar'. */
async function openReject() {
  await userEvent.click(await screen.findByRole('button', { name: 'Rechazar Pago' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Pago Rechazado' }));
  return {
    dialog,
    reason: dialog.getByRole('textbox', { name: /^Motivo/ }),
    accept: dialog.getByRole('button', { name: 'Aceptar' }),
  };
}

describe('PaymentDetails', { timeout: 20_000 }, () => {
  it('shows the summary, the totals, the concept lines with Pago/Multa and their dates, and the proof image', async () => {
    serve('VALIDATING');
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { name: 'Detalle del Pago', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('payment-date')).toHaveTextContent('09/03/2026');
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Validando');
    expect(screen.getByText('José Gómez Ruiz')).toBeInTheDocument();
    expect(screen.getByText('Transferencia')).toBeInTheDocument();
    expect(screen.getByText('Luis Pérez (No. 7)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'No. 1002' })).toBeInTheDocument();

    expect(screen.getByTestId('payment-total-installments')).toHaveTextContent('$2,000.00');
    expect(screen.getByTestId('payment-total-fees')).toHaveTextContent('$50.00');
    expect(screen.getByTestId('payment-total')).toHaveTextContent('$2,050.00');
    const totals = within(screen.getByRole('group', { name: 'Totales' }));
    expect(totals.getByText('Total pagos')).toBeInTheDocument();
    expect(totals.getByText('Total multas')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Conceptos del pago' });
    expect(headersOf(table)).toEqual(['Concepto', 'Monto', 'Tipo', 'Fecha']);
    expect([...table.querySelectorAll('tbody tr')].map((tr) => cellTexts(tr as HTMLElement))).toEqual([
      ['Pago 1 de 12', '$1,000.00', 'Pago', '02/03/2026'],
      ['Pago 2 de 12', '$1,000.00', 'Pago', '09/03/2026'],
      ['Multa día 03/03/2026', '$50.00', 'Multa', '03/03/2026'],
    ]);

    const proofs = screen.getByRole('list', { name: 'Comprobantes' });
    const img = within(proofs).getByRole('img', { name: 'Comprobante de pago' });
    expect(img).toHaveAttribute('src', '/files/proof-1.png?sig=abc');
    expect(img).toHaveStyle({ maxHeight: '700px', objectFit: 'contain' });
    expect(within(proofs).getByRole('button', { name: 'Comprobante de pago: ampliar' })).toBeInTheDocument();
    expect(screen.queryByText('Sin comprobantes')).not.toBeInTheDocument();
  });

  it("confirming needs a 'Cuenta destino': the exact alert, then PATCH PAID, the toast and the reloaded status", async () => {
    const { requests } = serve('VALIDATING');
    renderRoutes(routes, path);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar Pago' }));
    const dialog = within(await screen.findByRole('dialog', { name: '¿Aceptar CONFIRMACIÓN del pago?' }));
    await waitFor(() =>
      expect(params(requests.find((r) => r.url.pathname === '/api/v1/bank-accounts')?.url)).toEqual({
        page: '1',
        size: '30',
      }),
    );

    await userEvent.click(dialog.getByRole('button', { name: 'Aceptar' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Seleccione la cuenta donde ingresó el pago');
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await userEvent.click(dialog.getByRole('combobox', { name: 'Cuenta destino' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Caja Principal — Saldo $1,000.00' }));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Aceptar' }));

    expect(await screen.findByText('Pago confirmado correctamente')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      status: 'PAID',
      targetAccountId: ACCOUNT_ID,
    });
    await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveTextContent('Confirmado'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Only while VALIDATING.
    expect(screen.queryByRole('button', { name: 'Confirmar Pago' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rechazar Pago' })).not.toBeInTheDocument();
  });

  it("'Rechazar Pago' asks '¿Confirma RECHAZAR el pago?' and a 'Motivo', then PATCH REJECTED with it", async () => {
    const held = heldReply(() => json(200, ok(detailsOf({ status: 'REJECTED' }).payment)));
    const { requests } = serve('VALIDATING', { patchReply: held.reply });
    renderRoutes(routes, path);
    const { dialog, reason, accept } = await openReject();
    expect(dialog.getByText('¿Confirma RECHAZAR el pago?')).toBeInTheDocument();
    expect(reason).toBeRequired();

    await userEvent.click(accept);
    expect(dialog.getByText('El motivo es requerido')).toBeInTheDocument();
    await userEvent.type(reason, ' no ');
    await userEvent.click(accept);
    expect(dialog.getByText('El motivo debe tener al menos 3 caracteres')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await userEvent.clear(reason);
    await userEvent.type(reason, '  El depósito no llegó  {Enter}');
    // Sending: Aceptar is disabled, so a second click sends nothing more.
    await waitFor(() => expect(accept).toBeDisabled());
    await userEvent.click(accept);
    held.release();
    expect(await screen.findByText('Pago rechazado')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { status: 'REJECTED', reason: 'El depósito no llegó' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's message when it refuses the reason itself", async () => {
    const message = 'El motivo contiene caracteres no permitidos';
    serve('VALIDATING', {
      patchReply: () => problem(400, `reason: ${message}`, [{ field: 'reason', message }]),
    });
    renderRoutes(routes, path);
    const { dialog, reason, accept } = await openReject();
    await userEvent.type(reason, 'Sin fondos');
    await userEvent.click(accept);
    expect(await screen.findByText('Error actualizando pago')).toBeInTheDocument();
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(reason).toHaveValue('Sin fondos');
  });

  it("a refused update shows 'Error actualizando pago' with the server's detail and reloads the payment", async () => {
    const { requests } = serve('VALIDATING', {
      patchReply: () => problem(409, 'El pago ya no está en validación'),
    });
    renderRoutes(routes, path);
    const { reason, accept } = await openReject();
    await userEvent.type(reason, 'El depósito no llegó');
    await userEvent.click(accept);
    expect(await screen.findByText('Error actualizando pago')).toBeInTheDocument();
    expect(screen.getByText('El pago ya no está en validación')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        requests.filter((r) => r.url.pathname === `/api/v1/payments/${PAYMENT_ID}/details`).length,
      ).toBeGreaterThan(1),
    );
  });

  it.each(['PAID', 'REJECTED', 'CANCELLED'] as const)(
    'offers neither Confirmar nor Rechazar when %s; no images → Sin comprobantes',
    async (status) => {
      serve(status, { attachments: false });
      renderRoutes(routes, path);
      expect(await screen.findByText('Sin comprobantes')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Confirmar Pago' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Rechazar Pago' })).not.toBeInTheDocument();
    },
  );

  it("offers 'Imprimir recibo' (a new tab) also once confirmed, and the payment's 'Historial'", async () => {
    serve('PAID', { attachments: false });
    renderRoutes(routes, path);
    const print = await screen.findByRole('link', { name: 'Imprimir recibo' });
    expect(print).toHaveAttribute('href', `/admin/print/payments/${PAYMENT_ID}`);
    expect(print).toHaveAttribute('target', '_blank');
    const history = await screen.findByRole('region', { name: 'Historial' });
    expect(within(history).getByRole('heading', { name: 'Historial' })).toBeInTheDocument();
    const changes = await within(history).findByRole('table', { name: 'Cambios: Confirmado' });
    expect(within(changes).getByRole('row', { name: 'Estatus Validando Confirmado' })).toBeInTheDocument();
    expect(within(history).getByText(/Ana Admin$/)).toBeInTheDocument();
  });

  it('shows the server detail when the payment does not exist', async () => {
    mockServer(() => problem(404, 'Pago no encontrado'));
    renderRoutes(routes, path);
    expect(await screen.findByRole('alert')).toHaveTextContent('Pago no encontrado');
    fireEvent.click(screen.getByRole('link', { name: 'Volver a Pagos Recibidos' }));
    expect(await screen.findByRole('heading', { name: 'Pagos Recibidos' })).toBeInTheDocument();
  });
});
