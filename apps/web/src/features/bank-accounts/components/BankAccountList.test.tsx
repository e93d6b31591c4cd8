import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { headersOf, openRowMenu, pickRowAction } from '../../../test/table.ts';
import { json, mockServer, params, renderRoutes } from '../../../test/utils.tsx';
import { account, OTHER_ACCOUNT_ID, otherAccount } from '../test/fixtures.ts';
import { BankAccountList } from './BankAccountList.tsx';

const routes: RouteObject[] = [
  { path: '/admin/bank-accounts', element: <BankAccountList /> },
  { path: '/admin/bank-accounts/:id/transactions', element: <h1>Transacciones de la cuenta</h1> },
];

// Typing into Mantine inputs is slow in jsdom when the machine is busy.
describe('BankAccountList', { timeout: 20_000 }, () => {
  it('lists accounts 20 per page with Nombre (and bank), Saldo and Saldo Real, and goes to Transacciones', async () => {
    const { requests } = mockServer(({ url }) =>
      url.pathname === '/api/v1/bank-accounts'
        ? json(200, {
            data: [account, otherAccount],
            page: 1,
            size: 20,
            totalDocuments: 2,
            totalPages: 1,
            totalCapped: false,
          })
        : undefined,
    );
    const { router } = renderRoutes(routes, '/admin/bank-accounts');
    const table = await screen.findByRole('table', { name: 'Cuentas Bancarias' });
    await within(table).findByText('Caja Principal');
    expect(params(requests[0]?.url)).toEqual({ page: '1', size: '20', order: 'asc' });
    // Sortable headers are buttons in mantine-datatable: read the header cells' text.
    expect(headersOf(table)).toEqual(['Nombre', 'Saldo', 'Saldo Real', 'Registrar Cuenta']);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Efectivo')).toBeInTheDocument();
    expect(within(row).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(row).getByText('$4,000.00')).toBeInTheDocument();

    const { menu, items } = await openRowMenu(row);
    expect(items).toEqual(['Transacciones', 'Retirar', 'Depositar']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Transacciones' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/bank-accounts/${account.id}/transactions`),
    );
  });

  it('reloads the list at page 1 after a deposit', async () => {
    const { requests } = mockServer(({ method, url }) => {
      if (url.pathname === '/api/v1/bank-accounts') {
        const n = Number(url.searchParams.get('page'));
        const data = n === 2 ? [otherAccount] : [account];
        return json(200, { data, page: n, size: 20, totalDocuments: 21, totalPages: 2, totalCapped: false });
      }
      if (url.pathname === `/api/v1/bank-accounts/${OTHER_ACCOUNT_ID}`) {
        const balance = method === 'PATCH' ? 350.5 : otherAccount.balance;
        return json(200, { status: 'OK', data: { ...otherAccount, balance, realBalance: balance } });
      }
      return undefined;
    });
    renderRoutes(routes, '/admin/bank-accounts');
    await screen.findByText('Caja Principal');
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    const table = screen.getByRole('table', { name: 'Cuentas Bancarias' });
    await within(table).findByText('BBVA Nómina');

    await pickRowAction(table, 'Depositar');
    const dialog = within(await screen.findByRole('dialog', { name: 'Depositar Efectivo' }));
    expect(dialog.getByLabelText('Cuenta')).toHaveValue('BBVA Nómina');
    expect(dialog.getByLabelText('Saldo disponible')).toHaveValue('$250.50');
    await userEvent.type(dialog.getByLabelText(/^Monto/), '100');
    await userEvent.type(dialog.getByLabelText(/^Concepto/), 'Aportación');
    await userEvent.click(dialog.getByRole('button', { name: 'Depositar' }));

    expect(await screen.findByText('Depósito completado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await within(table).findByText('Caja Principal');
    const lists = requests.filter((r) => r.url.pathname === '/api/v1/bank-accounts');
    expect(params(lists.at(-1)?.url).page).toBe('1');
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ deposit: 100, reason: 'Aportación' });
  });
});
