import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { headersOf, openRowMenu, rowIn } from '../../../test/table.ts';
import { json, mockServer, params, renderRoutes } from '../../../test/utils.tsx';
import {
  cellTexts,
  confirmedPayment,
  OTHER_PAYMENT_ID,
  PAYMENT_ID,
  page,
  payment,
} from '../test/fixtures.ts';
import { PaymentList } from './PaymentList.tsx';

const routes: RouteObject[] = [
  { path: '/admin/payments', element: <PaymentList /> },
  { path: '/admin/payments/:id', element: <h1>Detalle del pago</h1> },
];

/** Pagos Recibidos over two payments (one validating, one confirmed). */
function show() {
  const server = mockServer(({ method, url }) =>
    method === 'GET' && url.pathname === '/api/v1/payments'
      ? json(200, page([payment, confirmedPayment]))
      : undefined,
  );
  return { ...server, ...renderRoutes(routes, '/admin/payments') };
}

const rowOf = (num: number) => rowIn('Pagos Recibidos', num);

describe('Pagos Recibidos', { timeout: 20_000 }, () => {
  it('shows Préstamo, Cliente, Monto, Método, Cuenta and Estatus, searches and filters by status', async () => {
    const { requests } = show();
    expect(await screen.findByRole('heading', { name: 'Pagos Recibidos', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Pagos Recibidos' });
    const row = await rowOf(1002);
    expect(headersOf(table)).toEqual([
      'Préstamo',
      'Cliente',
      'Monto',
      'Método',
      'Cuenta',
      'Estatus',
      'Fecha',
      'Acciones',
    ]);
    expect(cellTexts(row).slice(0, 6)).toEqual([
      '1002',
      'José Gómez',
      '$2,050.00',
      'Transferencia',
      '—',
      'Validando',
    ]);
    expect(cellTexts(await rowOf(1004)).slice(0, 6)).toEqual([
      '1004',
      'María López',
      '$1,000.00',
      'Efectivo',
      'Caja Principal',
      'Confirmado',
    ]);
    expect(params(requests[0]?.url)).toEqual({ page: '1', size: '10', order: 'asc' });

    await userEvent.type(screen.getByPlaceholderText('No. préstamo o cliente'), ' 1002 {enter}');
    await waitFor(() => expect(params(requests.at(-1)?.url)).toMatchObject({ query: '1002', page: '1' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Estatus' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todos',
      'Confirmado',
      'Validando',
      'Rechazado',
      'Cancelado',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Validando' }));
    await waitFor(() => expect(params(requests.at(-1)?.url)).toMatchObject({ q: 'VALIDATING', page: '1' }));
  });

  it('dates each payment on the business clock and filters by Desde/Hasta, the CSV too', async () => {
    // 05:30 UTC on the 10th is 23:30 of the 9th in Mexico City, whatever the browser's zone.
    const late = { ...payment, createdOn: '2026-03-10T05:30:00.000Z' };
    const { requests } = mockServer(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/v1/payments') return json(200, page([late]));
      if (url.pathname === '/api/v1/payments/export.csv') return new Response('Préstamo\r\n');
      return undefined;
    });
    renderRoutes(routes, '/admin/payments');
    const row = await rowOf(1002);
    const date = row.querySelectorAll('td')[6] as HTMLElement;
    expect(within(date).getByText('09/03/2026')).toBeInTheDocument();
    expect(within(date).getByText('11:30 pm')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Desde' }), '09/03/2026');
    await userEvent.type(screen.getByRole('textbox', { name: 'Hasta' }), '09/03/2026');
    await userEvent.click(screen.getByRole('heading', { name: 'Pagos Recibidos' }));
    const list = () => requests.filter((r) => r.url.pathname === '/api/v1/payments');
    await waitFor(() =>
      expect(params(list().at(-1)?.url)).toMatchObject({ page: '1', from: '2026-03-09', to: '2026-03-09' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/api/v1/payments/export.csv')).toBe(true),
    );
    const exported = requests.find((r) => r.url.pathname === '/api/v1/payments/export.csv');
    expect(params(exported?.url)).toMatchObject({ from: '2026-03-09', to: '2026-03-09' });
  });

  it("'Ver' and a row click open the payment's details", async () => {
    const { router } = show();
    const { menu, items } = await openRowMenu(await rowOf(1002));
    expect(items).toEqual(['Ver']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Ver' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/payments/${PAYMENT_ID}`));

    await router.navigate('/admin/payments');
    await userEvent.click(within(await rowOf(1004)).getByText('María López'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/payments/${OTHER_PAYMENT_ID}`));
  });
});
