import type { Loan } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { headersOf, openRowMenu, pickRowAction, rowIn } from '../../../test/table.ts';
import { type Handler, json, mockServer, params, problem, renderRoutes } from '../../../test/utils.tsx';
import {
  ACCOUNT_ID,
  ALL_STATUSES,
  accounts,
  adminLogin,
  CUSTOMER_ID,
  loanIn,
  ok,
  page,
  visibleCells,
} from '../test/fixtures.ts';
import { GlobalLoanList } from './GlobalLoanList.tsx';

const routes: RouteObject[] = [
  { path: '/admin/loans', element: <GlobalLoanList /> },
  { path: '/admin/customers/:id', element: <h1>Detalle del cliente</h1> },
];

function serve(list: () => Loan[], extra?: Handler) {
  return mockServer((request) => {
    const { method, url } = request;
    if (method === 'GET' && url.pathname === '/api/v1/loans') return json(200, page(list()));
    if (method === 'GET' && url.pathname === '/api/v1/bank-accounts') return json(200, page(accounts, 1, 20));
    return extra?.(request);
  });
}

/** The administrator's Lista Global de Préstamos over `list`; `extra` answers the other requests. */
function show(list: () => Loan[], extra?: Handler) {
  session.start(adminLogin);
  const server = serve(list, extra);
  return { ...server, ...renderRoutes(routes, '/admin/loans') };
}

const rowOf = (num: number) => rowIn('Lista Global de Préstamos', num);
const openAction = async (num: number, action: string) => pickRowAction(await rowOf(num), action);

describe('Lista Global de Préstamos', { timeout: 20_000 }, () => {
  it('lists No., Cliente, Monto, Estatus and Fecha, searches and filters by status, and loads the accounts on entry', async () => {
    const { requests } = show(() => ALL_STATUSES.map((s) => loanIn(s)));
    const table = await screen.findByRole('table', { name: 'Lista Global de Préstamos' });
    const row = await rowOf(1000);
    expect(headersOf(table)).toEqual(['No.', 'Cliente', 'Monto', 'Estatus', 'Fecha', 'Acciones']);
    expect(visibleCells(row).slice(0, 5)).toEqual([
      '1000',
      'José Gómez',
      '$10,000.00',
      'En espera',
      '02/03/2026',
    ]);
    await waitFor(() =>
      expect(params(requests.find((r) => r.url.pathname === '/api/v1/bank-accounts')?.url)).toEqual({
        page: '1',
        size: '20',
      }),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Estatus' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todos',
      'Al corriente',
      'En espera',
      'Atrasado',
      'Aprobado',
      'Sin Adeudo',
      'Cancelado',
      'Castigado',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Aprobado' }));
    await waitFor(() =>
      expect(params(requests.filter((r) => r.url.pathname === '/api/v1/loans').at(-1)?.url).q).toBe(
        'APPROVED',
      ),
    );
    const search = screen.getByPlaceholderText('No. préstamo o cliente');
    await userEvent.type(search, ' gomez {Enter}');
    await waitFor(() =>
      expect(params(requests.filter((r) => r.url.pathname === '/api/v1/loans').at(-1)?.url)).toMatchObject({
        query: 'gomez',
        q: 'APPROVED',
        page: '1',
      }),
    );
  });

  it.each(ALL_STATUSES)(
    'offers Aprobar only for PENDING, Entregar for APPROVED, Detalle when delivered (%s)',
    async (status) => {
      const loan = loanIn(status);
      show(() => [loan]);
      const row = await rowOf(loan.num);
      const expected = {
        PENDING: ['Aprobar'],
        APPROVED: ['Entregar'],
        ACTIVE: ['Reestructurar', 'Liquidar', 'Detalle'],
        PAID: ['Detalle'],
        DELAYED: ['Reestructurar', 'Liquidar', 'Detalle'],
        CANCELLED: [],
        WRITTEN_OFF: ['Detalle'],
      }[status];
      if (expected.length === 0) {
        expect(within(row).queryByRole('button', { name: 'Acciones' })).not.toBeInTheDocument();
        return;
      }
      expect((await openRowMenu(row)).items).toEqual(expected);
    },
  );

  it('Detalle goes to the CustomerDetails of the loan customer', async () => {
    const { router } = show(() => [loanIn('ACTIVE')]);
    await openAction(1002, 'Detalle');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/customers/${CUSTOMER_ID}`));
  });

  it('approval requires a withdrawal account, then approves from it and reloads the list', async () => {
    let list = [loanIn('PENDING')];
    const { requests } = show(
      () => list,
      ({ method, url }) => {
        if (method === 'PUT' && url.pathname === `/api/v1/loans/${list[0]?.id}/approve`) {
          list = [loanIn('APPROVED', { id: list[0]?.id, num: 1000 })];
          return ok(200, list[0]);
        }
        return undefined;
      },
    );
    await openAction(1000, 'Aprobar');
    const d = within(await screen.findByRole('dialog', { name: 'Aprobación de Préstamo' }));
    expect(d.getByText('Préstamo No. 1000')).toBeInTheDocument();
    expect(d.getByText('José Gómez Núñez')).toBeInTheDocument();
    expect(d.getByText('$12,000.00')).toBeInTheDocument();
    const approve = d.getByRole('button', { name: 'Aprobar' });
    expect(approve).toBeDisabled();
    const select = d.getByRole('combobox', { name: 'Cuenta de retiro' });
    // Focused on opening; leaving it empty explains what is missing.
    await waitFor(() => expect(select).toHaveFocus());
    await userEvent.tab();
    expect(await d.findByText('Seleccione la cuenta de retiro')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await userEvent.click(select);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Caja Principal — Saldo $50,000.00',
      'BBVA Nómina — Saldo $2,500.50',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Caja Principal — Saldo $50,000.00' }));
    await waitFor(() => expect(approve).toBeEnabled());
    await userEvent.click(approve);
    expect(await screen.findByText('El préstamo ha sido aprobado')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ bankAccountId: ACCOUNT_ID });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(visibleCells(await rowOf(1000))[3]).toBe('Aprobado'));
  });

  it("shows the server's detail when the account's balance is short, and keeps the dialog", async () => {
    const loan = loanIn('PENDING');
    show(
      () => [loan],
      ({ method }) =>
        method === 'PUT'
          ? problem(409, 'Saldo insuficiente en la cuenta para aprobar el préstamo')
          : undefined,
    );
    await openAction(loan.num, 'Aprobar');
    const d = within(await screen.findByRole('dialog', { name: 'Aprobación de Préstamo' }));
    await userEvent.click(d.getByRole('combobox', { name: 'Cuenta de retiro' }));
    await userEvent.click(await screen.findByRole('option', { name: /BBVA Nómina/ }));
    await userEvent.click(d.getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('No se pudo aprobar el préstamo')).toBeInTheDocument();
    expect(screen.getByText('Saldo insuficiente en la cuenta para aprobar el préstamo')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Aprobación de Préstamo' })).toBeInTheDocument();
  });

  it('a loan already started needs no account to be approved', async () => {
    const loan = loanIn('PENDING', { loanFromPast: true });
    const { requests } = show(
      () => [loan],
      ({ method }) => (method === 'PUT' ? ok(200, { ...loan, status: 'APPROVED' }) : undefined),
    );
    await openAction(loan.num, 'Aprobar');
    const d = within(await screen.findByRole('dialog', { name: 'Aprobación de Préstamo' }));
    expect(d.queryByRole('combobox', { name: 'Cuenta de retiro' })).not.toBeInTheDocument();
    expect(d.getByText(/no requiere cuenta de retiro/)).toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('El préstamo ha sido aprobado')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({});
  });

  it("Entregar confirms the amount, customer and account in 'Confirmar Entrega de Efectivo'", async () => {
    const loan = loanIn('APPROVED');
    const { requests } = show(
      () => [loan],
      ({ method, url }) =>
        method === 'PUT' && url.pathname === `/api/v1/loans/${loan.id}/activate`
          ? ok(200, { ...loan, status: 'ACTIVE' })
          : undefined,
    );
    await openAction(loan.num, 'Entregar');
    const d = within(await screen.findByRole('dialog', { name: 'Confirmar Entrega de Efectivo' }));
    expect(d.getByText('Caja Principal')).toBeInTheDocument();
    expect(d.getByText('José Gómez Núñez', { selector: 'strong' })).toBeInTheDocument();
    expect(d.getAllByText('$10,000.00').length).toBeGreaterThan(0);
    await userEvent.click(d.getByRole('button', { name: 'Entregar' }));
    expect(await screen.findByText('El préstamo fue entregado y está activo')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.url.pathname)).toEqual([
      `/api/v1/loans/${loan.id}/activate`,
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'No se pudo entregar el préstamo' with the detail when delivery fails", async () => {
    const loan = loanIn('APPROVED');
    show(
      () => [loan],
      ({ method }) =>
        method === 'PUT' ? problem(409, 'Solo se puede entregar un préstamo aprobado') : undefined,
    );
    await openAction(loan.num, 'Entregar');
    const d = within(await screen.findByRole('dialog', { name: 'Confirmar Entrega de Efectivo' }));
    await userEvent.click(d.getByRole('button', { name: 'Entregar' }));
    expect(await screen.findByText('No se pudo entregar el préstamo')).toBeInTheDocument();
    expect(screen.getByText('Solo se puede entregar un préstamo aprobado')).toBeInTheDocument();
  });
});
