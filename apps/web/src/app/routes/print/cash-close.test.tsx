import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AGENT_ID,
  agentLogin,
  closureOf,
  DATE,
  DAY_ROWS,
  dayOf,
  ok,
} from '../../../features/cash-close/test/fixtures.ts';
import { session } from '../../../lib/session.ts';
import { rowsOf } from '../../../test/table.ts';
import { json, mockServer, params, problem, renderRoutes } from '../../../test/utils.tsx';
import { routes } from '../../routes.tsx';

const path = `/admin/print/cash-close?agentId=${AGENT_ID}&date=${DATE}`;

describe('the printable Corte de caja', { timeout: 30_000 }, () => {
  it("prints the agent's day: each payment, the totals and the signature lines, without the admin shell", async () => {
    session.start(agentLogin);
    const { requests } = mockServer(({ url }) =>
      url.pathname === '/api/v1/cash-close' ? json(200, ok(dayOf())) : undefined,
    );
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { name: 'Corte de caja', level: 1 })).toBeInTheDocument();
    expect(params(requests.find((r) => r.url.pathname === '/api/v1/cash-close')?.url)).toEqual({
      agentId: AGENT_ID,
      date: DATE,
    });
    expect(screen.getByText('Luis Pérez (No. 1002) · 09/03/2026')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Pagos del día' });
    // Printed with the amount last.
    expect(rowsOf(table)).toEqual(
      DAY_ROWS.map(([time, loan, customer, amount, method, status]) => [
        time,
        loan,
        customer,
        method,
        status,
        amount,
      ]),
    );
    const totals = within(screen.getByRole('table', { name: 'Totales del corte' }));
    expect(totals.getByRole('row', { name: 'Efectivo en validación $3,000.00' })).toBeInTheDocument();
    expect(totals.getByRole('row', { name: 'Efectivo confirmado $1,500.50' })).toBeInTheDocument();
    expect(totals.getByRole('row', { name: 'Transferencias $1,000.00' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-cash')).toHaveTextContent('$4,500.50');
    expect(screen.getByText('Entregó: Luis Pérez (No. 1002)')).toBeInTheDocument();
    expect(screen.getByText('Recibió')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument();
  });

  it('prints the count of a closed day: expected, counted, the difference and its note', async () => {
    session.start(agentLogin);
    mockServer(({ url }) =>
      url.pathname === '/api/v1/cash-close' ? json(200, ok(dayOf({ closure: closureOf() }))) : undefined,
    );
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { name: 'Corte de caja', level: 1 })).toBeInTheDocument();
    const count = within(screen.getByLabelText('Conteo del efectivo'));
    expect(count.getByText('$4,500.50')).toBeInTheDocument();
    expect(count.getByText('$4,451.00')).toBeInTheDocument();
    expect(count.getByText('Faltante $49.50')).toBeInTheDocument();
    expect(count.getByText('Faltó un billete de 50')).toBeInTheDocument();
  });

  it("shows the server's refusal instead of a blank sheet", async () => {
    session.start(agentLogin);
    mockServer(() => problem(403, 'Solo puede consultar su propio corte de caja'));
    renderRoutes(routes, path);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Solo puede consultar su propio corte de caja',
    );
  });
});
