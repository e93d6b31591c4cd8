import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { businessToday } from '../../../lib/format.ts';
import { paymentQueue } from '../../../lib/offline-queue.ts';
import { session } from '../../../lib/session.ts';
import { takenPayment } from '../../../test/fixtures.ts';
import { json, mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { agentLogin, dayOf, ok } from '../test/fixtures.ts';
import { CashCloseScreen } from './CashCloseScreen.tsx';

/** The phone loses its signal: every request fails before reaching a server. */
const noSignal = () => vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

describe("the agent's Corte de caja without signal", { timeout: 20_000 }, () => {
  it('shows the day as last loaded plus the cash queued on the phone, marked pendiente de enviar', async () => {
    // Today's day, so that the payments the queue takes now belong to it.
    mockServer(({ url }) =>
      url.pathname === '/api/v1/cash-close' ? json(200, ok(dayOf({ date: businessToday() }))) : undefined,
    );
    session.start(agentLogin);
    const { queryClient } = renderWithProviders(<CashCloseScreen />);
    expect(await screen.findByTestId('cash-total')).toHaveTextContent('$4,500.50');

    noSignal();
    await paymentQueue.enqueue(takenPayment(1, { amountCents: 125_050, customerName: 'Ana Ruiz' }));
    await queryClient.invalidateQueries();

    expect(await screen.findByTestId('offline-banner')).toHaveTextContent(
      /^Sin conexión · datos de las \d\d:\d\d$/,
    );
    await waitFor(() => expect(screen.getByTestId('cash-total')).toHaveTextContent('$5,751.00'));
    expect(screen.getByText('6 pagos')).toBeInTheDocument();
    const queued = within(screen.getByRole('table', { name: 'Cobros pendientes de enviar' }));
    expect(queued.getByText('No. 1001 · Ana Ruiz')).toBeInTheDocument();
    expect(queued.getByText('Pendiente de enviar')).toBeInTheDocument();
    expect(screen.getByTestId('queued-total')).toHaveTextContent('$1,250.50');
    expect(screen.queryByText('No se pudo cargar el corte de caja.')).not.toBeInTheDocument();
  });

  it('says plainly that the day is not on the phone, not that it failed to load', async () => {
    noSignal();
    session.start(agentLogin);
    renderWithProviders(<CashCloseScreen />);
    expect(await screen.findByTestId('offline-empty')).toHaveTextContent(
      'Sin conexión: el corte de hoy no está guardado en este teléfono. Se cargará al volver la señal.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('No se pudo cargar el corte de caja.')).not.toBeInTheDocument();
  });
});
