import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { desktopRowsOf, headersOf } from '../../../test/table.ts';
import { json, mockServer, params, problem, renderWithProviders } from '../../../test/utils.tsx';
import { AGENT_ID, agentLogin, DATE, DAY_ROWS, dayOf, emptyDay, ok } from '../test/fixtures.ts';
import { fakeQueue, queued } from '../test/offline-queue.ts';
import { CashCloseScreen } from './CashCloseScreen.tsx';

vi.mock('idb', () => ({ openDB: vi.fn() }));

function serveDay(reply: Response) {
  return mockServer(({ url }) => (url.pathname === '/api/v1/cash-close' ? reply : undefined));
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

  it("reads 'Pendientes de enviar' from this phone's offline queue: the agent's entries only", async () => {
    fakeQueue([queued(AGENT_ID), queued(AGENT_ID), queued(AGENT_ID, 'refused'), queued('someone-else')]);
    serveDay(json(200, ok(dayOf())));
    renderAsAgent();
    expect(await screen.findByTestId('unsent-count')).toHaveTextContent('Pendientes de enviar: 2');
    expect(screen.getByText(/entran al corte cuando se envíen/)).toBeInTheDocument();
    expect(screen.getByTestId('refused-count')).toHaveTextContent('Rechazados al enviarse: 1');
  });

  it('says everything was sent when the queue holds nothing of the agent', async () => {
    fakeQueue([queued('someone-else')]);
    serveDay(json(200, ok(emptyDay)));
    renderAsAgent();
    expect(await screen.findByTestId('unsent-count')).toHaveTextContent('Pendientes de enviar: 0');
    expect(screen.getByText('Todos los cobros de este teléfono ya se enviaron.')).toBeInTheDocument();
    expect(screen.queryByTestId('refused-count')).not.toBeInTheDocument();
    // An empty day reads as such, with its zero totals.
    expect(await screen.findByText('Aún no hay pagos registrados este día')).toBeInTheDocument();
    expect(screen.getByTestId('cash-total')).toHaveTextContent('$0.00');
  });

  it('shows the server’s refusal with a retry when the day cannot be loaded', async () => {
    serveDay(problem(503, 'La base de datos no está disponible; intente de nuevo en unos segundos'));
    renderAsAgent();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar el corte de caja.');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.queryByTestId('unsent-count')).not.toBeInTheDocument();
  });
});
