import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paymentQueue } from '../../../lib/offline-queue.ts';
import { session } from '../../../lib/session.ts';
import { takenPayment } from '../../../test/fixtures.ts';
import { desktopRowsOf, headersOf } from '../../../test/table.ts';
import { json, mockServer, params, problem, renderWithProviders } from '../../../test/utils.tsx';
import { AGENT_ID, agentLogin, DATE, DAY_ROWS, dayOf, emptyDay, ok } from '../test/fixtures.ts';
import { CashCloseScreen } from './CashCloseScreen.tsx';

const REFUSAL = 'Pago 3 de 12: ya está pagado o en validación';

/**
 * The day's reply, and the staff registration the offline queue sends to: loan-3's payment is refused
 * (an administrator registered it meanwhile), any other is accepted.
 */
function serveDay(reply: Response) {
  return mockServer(({ method, url }) => {
    if (url.pathname === '/api/v1/cash-close') return reply;
    if (method !== 'POST') return undefined;
    return url.pathname === '/api/v1/loans/loan-3/payments'
      ? problem(409, REFUSAL)
      : json(201, ok({ id: `paid-${url.pathname}` }));
  });
}

/** Payments Cobranza took on this phone without a signal, through the app's own queue. */
async function takeOffline(...payments: ReturnType<typeof takenPayment>[]) {
  for (const payment of payments) await paymentQueue.enqueue(payment);
}

function renderAsAgent() {
  session.start(agentLogin);
  return renderWithProviders(<CashCloseScreen />);
}

describe("the agent's Corte de caja", () => {
  it("shows today's payments by time, the cash to hand in and the totals, asking for the agent's own day", async () => {
    const { requests } = serveDay(json(200, ok(dayOf())));
    renderAsAgent();
    expect(screen.getByRole('heading', { name: 'Corte de caja', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Pagos del día' });
    expect(headersOf(table)).toEqual(['Hora', 'Préstamo', 'Cliente', 'Monto', 'Método', 'Estatus']);
    expect(desktopRowsOf(table)).toEqual(DAY_ROWS);
    expect(screen.getByText('Hoy, 09/03/2026')).toBeInTheDocument();
    const totals = within(screen.getByRole('list', { name: 'Totales del día' }));
    expect(totals.getByText('Efectivo a entregar')).toBeInTheDocument();
    expect(screen.getByTestId('cash-total')).toHaveTextContent('$4,500.50');
    expect(totals.getByText('En validación')).toBeInTheDocument();
    expect(screen.getByTestId('cash-pending')).toHaveTextContent('$3,000.00');
    expect(screen.getByTestId('cash-confirmed')).toHaveTextContent('$1,500.50');
    expect(screen.getByTestId('transfer-total')).toHaveTextContent('$1,000.00');
    expect(screen.getByText('5 pagos')).toBeInTheDocument();
    // The agent's own day: no agent named, today as the server decides it.
    expect(params(requests.find((r) => r.url.pathname === '/api/v1/cash-close')?.url)).toEqual({});
    // Nothing to decide here: no Rechazar, no Confirmar corte.
    expect(screen.queryByRole('button', { name: /Rechazar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar corte' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
  });

  it("'Imprimir' opens the day's summary in a new tab", async () => {
    serveDay(json(200, ok(dayOf())));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderAsAgent();
    (await screen.findByRole('button', { name: 'Imprimir' })).click();
    expect(open).toHaveBeenCalledWith(
      `/admin/print/cash-close?agentId=${AGENT_ID}&date=${DATE}`,
      '_blank',
      'noopener',
    );
  });

  it("counts the payments Cobranza queued on this phone: the agent's own, the refused ones apart", async () => {
    serveDay(json(200, ok(dayOf())));
    await takeOffline(
      takenPayment(1),
      takenPayment(2),
      takenPayment(3),
      takenPayment(4, { agentId: 'someone-else' }),
    );
    expect(await paymentQueue.send('key-3')).toEqual({ kind: 'refused', detail: REFUSAL });
    renderAsAgent();
    expect(await screen.findByTestId('unsent-count')).toHaveTextContent('Pendientes de enviar: 2');
    expect(screen.getByText(/entran al corte cuando se envíen/)).toBeInTheDocument();
    expect(screen.getByTestId('refused-count')).toHaveTextContent(
      'Rechazados al enviarse: 1. Revíselos en Cobranza.',
    );
  });

  it('follows the queue while open: a payment sent when the signal returns leaves the count', async () => {
    serveDay(json(200, ok(dayOf())));
    await takeOffline(takenPayment(1));
    renderAsAgent();
    expect(await screen.findByTestId('unsent-count')).toHaveTextContent('Pendientes de enviar: 1');
    expect(await paymentQueue.flush(AGENT_ID)).toEqual({ sent: 1, refused: 0 });
    await waitFor(() =>
      expect(screen.getByTestId('unsent-count')).toHaveTextContent('Pendientes de enviar: 0'),
    );
    expect(screen.getByText('Todos los cobros de este teléfono ya se enviaron.')).toBeInTheDocument();
  });

  it('says everything was sent when the queue holds nothing of the agent', async () => {
    serveDay(json(200, ok(emptyDay)));
    await takeOffline(takenPayment(1, { agentId: 'someone-else' }));
    renderAsAgent();
    expect(await screen.findByTestId('unsent-count')).toHaveTextContent('Pendientes de enviar: 0');
    expect(screen.getByText('Todos los cobros de este teléfono ya se enviaron.')).toBeInTheDocument();
    expect(screen.queryByTestId('refused-count')).not.toBeInTheDocument();
    // An empty day reads as such, with its zero totals.
    expect(await screen.findByText('Aún no hay pagos registrados este día')).toBeInTheDocument();
    expect(screen.getByTestId('cash-total')).toHaveTextContent('$0.00');
  });

  it('shows the server’s refusal with a retry when the day cannot be loaded, and still the phone’s count', async () => {
    serveDay(problem(503, 'La base de datos no está disponible; intente de nuevo en unos segundos'));
    await takeOffline(takenPayment(1));
    renderAsAgent();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar el corte de caja.');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    // The count comes from the phone, not the server.
    expect(screen.getByTestId('unsent-count')).toHaveTextContent('Pendientes de enviar: 1');
  });
});
