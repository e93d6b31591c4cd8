import type { PortfolioReport, WeeklyPaymentsReport } from '@prestaya/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, mockServer, problem, renderRoutes, type SeenRequest } from '../../../test/utils.tsx';
import {
  adminLogin,
  agentLogin,
  emptyWeeklyReport,
  ok,
  portfolioReport,
  TODAY,
  WEEK,
  weeklyReport,
} from '../test/fixtures.ts';
import { Dashboard } from './Dashboard.tsx';

const routes: RouteObject[] = [{ path: '/admin/dashboard', element: <Dashboard /> }];

/** recharts is loaded on first use; on a busy machine that takes longer than the default wait. */
const CHARTS_LOAD = 20_000;

const WEEKLY_PATH = '/api/v1/reports/weekly-payments';
const PORTFOLIO_PATH = '/api/v1/reports/portfolio';

type Reply<T> = T | Response | Promise<Response>;
interface Replies {
  weekly?: (request: SeenRequest) => Reply<WeeklyPaymentsReport>;
  portfolio?: () => Reply<PortfolioReport>;
}

/** The two report endpoints; the weekly one answers for the range it was asked. */
function serve({ weekly, portfolio }: Replies = {}) {
  return mockServer((request) => {
    const reply =
      request.url.pathname === WEEKLY_PATH
        ? (weekly ?? weeklyFor)(request)
        : request.url.pathname === PORTFOLIO_PATH
          ? (portfolio ?? (() => portfolioReport()))()
          : undefined;
    if (reply === undefined || reply instanceof Response || reply instanceof Promise) return reply;
    return json(200, ok(reply));
  });
}

const weeklyFor = ({ url }: SeenRequest) =>
  weeklyReport({ from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' });

const weeklyCalls = (requests: SeenRequest[]) =>
  requests.filter((r) => r.url.pathname === WEEKLY_PATH).map((r) => Object.fromEntries(r.url.searchParams));
const portfolioCalls = (requests: SeenRequest[]) => requests.filter((r) => r.url.pathname === PORTFOLIO_PATH);

/**
 * A card by its visible title: the heading's section, checked to be a region named by that title
 * (role queries over the whole screen are slow in jsdom, so the region is found from its heading).
 */
function card(title: string) {
  const section = screen.getByRole('heading', { name: title, level: 3 }).closest('section');
  if (!section) throw new Error(`No card titled ${title}`);
  expect(section).toHaveAccessibleName(title);
  return within(section);
}

/** Both reports rendered (the skeleton cards carry the same titles). */
async function loaded() {
  await screen.findByText('$12,345.50');
  await screen.findByText('12.5%');
}

// Only Date is faked: the current week is fixed while timers, promises and user events run for real.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Dashboard', { timeout: 60_000 }, () => {
  it('shows the current week (Sunday–Saturday) and the portfolio from the API, each card linking to its list', async () => {
    session.start(adminLogin);
    const { requests } = serve();
    renderRoutes(routes, '/admin/dashboard');

    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    await loaded();
    expect(weeklyCalls(requests)).toEqual([WEEK]);
    expect(portfolioCalls(requests)).toHaveLength(1);
    expect(screen.getByLabelText('Desde')).toHaveTextContent('08/06/2025');
    expect(screen.getByLabelText('Hasta')).toHaveTextContent('14/06/2025');
    expect(screen.getByText('del 08/06/2025 al 14/06/2025')).toBeInTheDocument();

    const collected = card('Cobrado en el periodo');
    expect(collected.getByText('$12,345.50')).toBeInTheDocument();
    expect(collected.getByText('Cuotas $12,000.00 · Multas $345.50 · 5 pagos')).toBeInTheDocument();
    expect(collected.getByRole('link', { name: 'Ver pagos' })).toHaveAttribute('href', '/admin/payments');

    const validating = card('Pagos por validar');
    expect(validating.getByText('2')).toBeInTheDocument();
    expect(validating.getByText(/\$1,500\.00 en espera de validación/)).toBeInTheDocument();
    expect(validating.getByRole('link', { name: 'Ver pagos' })).toHaveAttribute('href', '/admin/payments');

    const newLoans = card('Préstamos nuevos');
    expect(newLoans.getByText('3')).toBeInTheDocument();
    expect(newLoans.getByText('$30,000.00 entregados en el periodo')).toBeInTheDocument();
    expect(newLoans.getByRole('link', { name: 'Ver préstamos' })).toHaveAttribute('href', '/admin/loans');

    expect(screen.getByText('al 11/06/2025')).toBeInTheDocument();
    expect(card('Préstamos activos').getByText('40')).toBeInTheDocument();
    expect(card('Préstamos atrasados').getByText('5')).toBeInTheDocument();
    expect(card('Préstamos atrasados').getByRole('link', { name: 'Ver préstamos' })).toHaveAttribute(
      'href',
      '/admin/loans',
    );
    expect(card('Saldo por cobrar').getByText('$98,765.43')).toBeInTheDocument();
    expect(card('Saldo por cobrar').getByText(/capital pendiente \$80,000\.00/)).toBeInTheDocument();
    const cash = card('Efectivo en cuentas');
    expect(cash.getByText('Saldo').nextElementSibling).toHaveTextContent('$55,000.00');
    expect(cash.getByText('Saldo Real').nextElementSibling).toHaveTextContent('$42,500.25');
    expect(cash.getByRole('link', { name: 'Ver cuentas' })).toHaveAttribute('href', '/admin/bank-accounts');
    expect(card('PAR 1').getByText('12.5%')).toBeInTheDocument();
    expect(card('PAR 1').getByText('5 préstamos en riesgo')).toBeInTheDocument();
    expect(card('PAR 7').getByText('7.5%')).toBeInTheDocument();
    expect(card('PAR 30').getByText('1.5%')).toBeInTheDocument();
    expect(card('PAR 30').getByText('1 préstamo en riesgo')).toBeInTheDocument();
    expect(screen.getByText('Todo el negocio')).toBeInTheDocument();

    // The daily chart (its own lazy chunk) is named by a summary and doubled by a hidden table, one row per day.
    expect(
      await screen.findByRole(
        'img',
        {
          name: 'Cobros diarios del 08/06/2025 al 14/06/2025: $12,345.50 (cuotas $12,000.00, multas $345.50); el día con más cobro fue el 09/06/2025 con $10,345.50.',
        },
        { timeout: CHARTS_LOAD },
      ),
    ).toBeInTheDocument();
    const daily = screen.getByRole('table', { name: 'Cobros por día' });
    const rows = within(daily).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(7);
    expect([...(rows[1] as HTMLElement).children].map((c) => c.textContent)).toEqual([
      '09/06/2025',
      '$10,000.00',
      '$345.50',
      '$10,345.50',
      '4',
    ]);

    // The buckets: a donut named by its summary and a visible table with loans and principal.
    expect(
      await screen.findByRole('img', {
        name: 'Préstamos por días de atraso. 1–7 días: 2 préstamos; 8–30 días: 2 préstamos; 31–60 días: 1 préstamo; 61+ días: 0 préstamos.',
      }),
    ).toBeInTheDocument();
    const buckets = screen.getByRole('table', { name: 'Préstamos y capital pendiente por días de atraso' });
    expect(
      within(buckets)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((c) => c.textContent)),
    ).toEqual([
      ['1–7 días', '2', '$4,000.00'],
      ['8–30 días', '2', '$5,000.00'],
      ['31–60 días', '1', '$1,000.00'],
      ['61+ días', '0', '$0.00'],
    ]);
  });

  it('states the PAR numerator and denominator in money, and its definition, in a popover', async () => {
    session.start(adminLogin);
    serve();
    renderRoutes(routes, '/admin/dashboard');

    await loaded();
    await userEvent.click(card('PAR 7').getByRole('button', { name: 'Cómo se calcula PAR 7' }));
    const popover = await screen.findByRole('dialog', { name: 'Cómo se calcula PAR 7' });
    expect(
      within(popover).getByText('$6,000.00 de capital en riesgo ÷ $80,000.00 de capital vigente'),
    ).toBeVisible();
    expect(
      within(popover).getByText(
        'Capital pendiente de los préstamos con algún pago vencido hace más de 7 días, dividido entre el capital pendiente de toda la cartera vigente (activos y atrasados).',
      ),
    ).toBeVisible();

    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cómo se calcula PAR 7' })).not.toBeInTheDocument(),
    );
    await userEvent.click(
      within(screen.getByRole('region', { name: 'PAR 1' })).getByRole('button', {
        name: 'Cómo se calcula PAR 1',
      }),
    );
    const par1 = await screen.findByRole('dialog', { name: 'Cómo se calcula PAR 1' });
    expect(
      within(par1).getByText('$10,000.00 de capital en riesgo ÷ $80,000.00 de capital vigente'),
    ).toBeVisible();
    expect(within(par1).getByText(/hace más de 1 día,/)).toBeVisible();
  });

  it("says 'Sin cobros en el periodo' (and no arrears) instead of the charts when there is nothing to draw", async () => {
    session.start(adminLogin);
    const noArrears = portfolioReport().buckets.map((bucket) => ({ ...bucket, loans: 0, principal: 0 }));
    serve({ weekly: () => emptyWeeklyReport(), portfolio: () => portfolioReport({ buckets: noArrears }) });
    renderRoutes(routes, '/admin/dashboard');

    expect(await screen.findByText('Sin cobros en el periodo')).toBeInTheDocument();
    expect(await screen.findByText('Sin préstamos con pagos vencidos')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Préstamos por días de atraso/ })).not.toBeInTheDocument();
    expect(card('Cobrado en el periodo').getByText('$0.00')).toBeInTheDocument();
    expect(
      card('Cobrado en el periodo').getByText('Cuotas $0.00 · Multas $0.00 · 0 pagos'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Cobros diarios/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Cobros por día' })).not.toBeInTheDocument();
  });

  it('shows an agent their own portfolio: no cash card and no links to admin lists', async () => {
    session.start(agentLogin);
    serve({
      weekly: (request) => ({ ...weeklyFor(request), scope: 'AGENT' }),
      portfolio: () => portfolioReport({ scope: 'AGENT', cash: null }),
    });
    renderRoutes(routes, '/admin/dashboard');

    await loaded();
    expect(screen.getByText('Mi cartera')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Efectivo en cuentas' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Saldo Real/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(card('Préstamos activos').getByText('40')).toBeInTheDocument();
  });

  it("'Actualizar' fetches both reports again and spins while they load", async () => {
    session.start(adminLogin);
    let release: (() => void) | undefined;
    let calls = 0;
    const { requests } = serve({
      portfolio: () => {
        calls += 1;
        return portfolioReport({ loans: { active: calls === 1 ? 40 : 41, delayed: 5 } });
      },
      weekly: (request) => {
        if (weeklyCalls(requests).length === 1) return weeklyFor(request);
        // The second reply waits until the test has seen the spinner.
        return new Promise<Response>((resolve) => {
          release = () => resolve(json(200, ok(weeklyReport({ validating: { count: 7, amount: 9_000 } }))));
        });
      },
    });
    renderRoutes(routes, '/admin/dashboard');
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
    session.start(adminLogin);
    const { requests } = serve();
    renderRoutes(routes, '/admin/dashboard');
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
    session.start(adminLogin);
    const { requests } = serve();
    const { router } = renderRoutes(routes, '/admin/dashboard?from=2025-05-04&to=2025-05-10');
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
    session.start(adminLogin);
    let fail = true;
    let answer: (() => void) | undefined;
    serve({
      weekly: (request) => (fail ? problem(500, 'El reporte no está disponible') : weeklyFor(request)),
      portfolio: () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json(200, ok(portfolioReport())));
        }),
    });
    renderRoutes(routes, '/admin/dashboard');

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
