import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, problem } from '../../../test/utils.tsx';
import {
  card,
  fixToday,
  loaded,
  portfolioCalls,
  renderDashboard,
  serve,
  weeklyCalls,
  weeklyFor,
} from '../test/dashboard.tsx';
import { ok, portfolioReport, WEEK, weeklyReport } from '../test/fixtures.ts';

fixToday();

describe('Dashboard', { timeout: 60_000 }, () => {
  it("'Actualizar' fetches both reports again and spins while they load", async () => {
    let release: (() => void) | undefined;
    let calls = 0;
    const { requests } = serve({
      portfolio: () => {
        calls += 1;
        return portfolioReport({ loans: { active: calls === 1 ? 40 : 41, delayed: 5, restructured: 0 } });
      },
      weekly: (request) => {
        if (weeklyCalls(requests).length === 1) return weeklyFor(request);
        // The second reply waits until the test has seen the spinner.
        return new Promise<Response>((resolve) => {
          release = () => resolve(json(200, ok(weeklyReport({ validating: { count: 7, amount: 9_000 } }))));
        });
      },
    });
    renderDashboard();
    await loaded();
    expect(card('Préstamos activos').getByText('40')).toBeInTheDocument();
    expect(card('Pagos por validar').getByText('2')).toBeInTheDocument();

    const refresh = screen.getByRole('button', { name: 'Actualizar' });
    await userEvent.click(refresh);
    await waitFor(() => expect(refresh).toHaveAttribute('data-loading', 'true'));
    expect(screen.getByLabelText('Actualizando cifras')).toBeInTheDocument();
    expect(screen.getByText('Actualizando…')).toBeInTheDocument();
    await waitFor(() => expect(release).toBeDefined());
    release?.();

    expect(await card('Pagos por validar').findByText('7')).toBeInTheDocument();
    expect(card('Préstamos activos').getByText('41')).toBeInTheDocument();
    await waitFor(() => expect(refresh).not.toHaveAttribute('data-loading'));
    expect(weeklyCalls(requests)).toEqual([WEEK, WEEK]);
    expect(portfolioCalls(requests)).toHaveLength(2);
    expect(screen.getByText(/^Actualizado: 11\/06\/2025/)).toBeInTheDocument();
  });

  it('blocks a reversed range picked in the calendar with a Spanish message and asks nothing for it', async () => {
    const { requests } = serve();
    renderDashboard();
    await loaded();

    // Desde = Friday 20 June, after Hasta (Saturday 14 June).
    await userEvent.click(screen.getByLabelText('Desde'));
    await userEvent.click(await screen.findByRole('button', { name: '20 junio 2025' }));
    const message = 'La fecha final debe ser igual o posterior a la inicial';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      `${message}. Corrija el rango de fechas para ver las cifras del periodo.`,
    );
    expect(screen.queryByRole('heading', { name: 'Cobrado en el periodo' })).not.toBeInTheDocument();
    // The portfolio does not depend on the range and stays.
    expect(card('Préstamos activos').getByText('40')).toBeInTheDocument();

    // 'Actualizar' still refreshes the portfolio but never sends the reversed range.
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(portfolioCalls(requests)).toHaveLength(2));
    expect(weeklyCalls(requests)).toEqual([WEEK]);

    // Hasta = Monday 30 June fixes it: that range is fetched.
    await userEvent.click(screen.getByLabelText('Hasta'));
    await userEvent.click(await screen.findByRole('button', { name: '30 junio 2025' }));
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
    await screen.findByText('del 20/06/2025 al 30/06/2025');
    await waitFor(() =>
      expect(weeklyCalls(requests)).toEqual([WEEK, { from: '2025-06-20', to: '2025-06-30' }]),
    );
  });

  it('reads the range from the URL, and refuses a reversed one there too', async () => {
    const { requests } = serve();
    const { router } = renderDashboard({ path: '/admin/dashboard?from=2025-05-04&to=2025-05-10' });
    await screen.findByText('del 04/05/2025 al 10/05/2025');
    await waitFor(() => expect(weeklyCalls(requests)).toEqual([{ from: '2025-05-04', to: '2025-05-10' }]));
    expect(screen.getByLabelText('Desde')).toHaveTextContent('04/05/2025');

    await act(() => router.navigate('/admin/dashboard?from=2025-05-10&to=2025-05-04'));
    expect(
      await screen.findByText('La fecha final debe ser igual o posterior a la inicial'),
    ).toBeInTheDocument();
    await act(() => router.navigate('/admin/dashboard?from=2024-01-01&to=2025-06-01'));
    expect(await screen.findByText('El rango no puede ser mayor a 366 días')).toBeInTheDocument();
    // A malformed date falls back to the current week.
    await act(() => router.navigate('/admin/dashboard?from=2025-02-30&to=hoy'));
    await screen.findByText('del 08/06/2025 al 14/06/2025');
    expect(weeklyCalls(requests)).toEqual([{ from: '2025-05-04', to: '2025-05-10' }, WEEK]);
  });

  it('shows skeletons while loading, then an error with the server detail and a working Reintentar', async () => {
    let fail = true;
    let answer: (() => void) | undefined;
    serve({
      weekly: (request) => (fail ? problem(500, 'El reporte no está disponible') : weeklyFor(request)),
      portfolio: () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json(200, ok(portfolioReport())));
        }),
    });
    renderDashboard();

    expect(screen.getByRole('heading', { name: 'PAR 7' }).closest('section')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByText('Cargando préstamos por días de atraso')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'No se pudieron cargar las cifras del periodo. El reporte no está disponible',
    );

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('$12,345.50')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    answer?.();
    await screen.findByText('7.5%');
    expect(card('PAR 7').getByText('7.5%')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'PAR 7' }).closest('section')).not.toHaveAttribute(
      'aria-busy',
    );
  });
});
