import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  CHARTS_LOAD,
  card,
  fixToday,
  loaded,
  portfolioCalls,
  renderDashboard,
  serve,
  weeklyCalls,
  weeklyFor,
} from '../test/dashboard.tsx';
import { agentLogin, emptyWeeklyReport, portfolioReport, WEEK } from '../test/fixtures.ts';

fixToday();

describe('Dashboard', { timeout: 60_000 }, () => {
  it('shows the current week (Sunday–Saturday) and the portfolio from the API, each card linking to its list', async () => {
    const { requests } = serve();
    renderDashboard();

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
    expect(screen.queryByRole('heading', { name: 'Préstamos reestructurados' })).not.toBeInTheDocument();
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

  it('counts restructured loans apart, with their balance and principal, only when there are some', async () => {
    serve({
      portfolio: () =>
        portfolioReport({
          loans: { active: 38, delayed: 5, restructured: 2 },
          restructured: { balance: 14_500, principal: 12_000 },
        }),
    });
    renderDashboard();
    await loaded();
    const restructured = card('Préstamos reestructurados');
    expect(restructured.getByText('2')).toBeInTheDocument();
    expect(restructured.getByText('Saldo $14,500.00; capital $12,000.00')).toBeInTheDocument();
    expect(card('Préstamos activos').getByText('38')).toBeInTheDocument();
  });

  it('states the PAR numerator and denominator in money, and its definition, in a popover', async () => {
    serve();
    renderDashboard();

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
    const noArrears = portfolioReport().buckets.map((bucket) => ({ ...bucket, loans: 0, principal: 0 }));
    serve({ weekly: () => emptyWeeklyReport(), portfolio: () => portfolioReport({ buckets: noArrears }) });
    renderDashboard();

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
    serve({
      weekly: (request) => ({ ...weeklyFor(request), scope: 'AGENT' }),
      portfolio: () => portfolioReport({ scope: 'AGENT', cash: null }),
    });
    renderDashboard({ login: agentLogin });

    await loaded();
    expect(screen.getByText('Mi cartera')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Efectivo en cuentas' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Saldo Real/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(card('Préstamos activos').getByText('40')).toBeInTheDocument();
  });
});
