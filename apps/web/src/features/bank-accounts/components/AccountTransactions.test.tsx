import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RouteObject, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headersOf, pickRowAction, rowsOf } from '../../../test/table.ts';
import { json, mockServer, params, problem, renderRoutes } from '../../../test/utils.tsx';
import { ACCOUNT_ID, ledgerAccount, page, transactions } from '../test/fixtures.ts';
import { AccountTransactions } from './AccountTransactions.tsx';
import { TransactionDetails } from './TransactionDetails.tsx';

function TransactionsRoute() {
  const { id = '' } = useParams();
  return <AccountTransactions accountId={id} />;
}
function DetailsRoute() {
  const { accountId = '', transactionId = '' } = useParams();
  return <TransactionDetails accountId={accountId} transactionId={transactionId} />;
}
const routes: RouteObject[] = [
  { path: '/admin/bank-accounts', element: <h1>Lista de cuentas</h1> },
  { path: '/admin/bank-accounts/:id/transactions', element: <TransactionsRoute /> },
  { path: '/admin/bank-accounts/:accountId/transactions/:transactionId', element: <DetailsRoute /> },
];

const base = `/api/v1/bank-accounts/${ACCOUNT_ID}`;
function server() {
  return mockServer(({ url }) => {
    if (url.pathname === base) return json(200, { status: 'OK', data: ledgerAccount });
    if (url.pathname === `${base}/transactions`) return json(200, page(transactions, 1, 1, 10));
    const one = transactions.find((t) => url.pathname === `${base}/transactions/${t.id}`);
    if (one) return json(200, { status: 'OK', data: one });
    return problem(404, 'Transacción no encontrada');
  });
}

const rowOf = (table: HTMLElement, text: string) => {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(text));
  if (!row) throw new Error(`Falta la fila con ${text}`);
  return row;
};

/** The ledger screen with the fixtures' six movements loaded. */
async function ledger() {
  server();
  renderRoutes(routes, `/admin/bank-accounts/${ACCOUNT_ID}/transactions`);
  const table = await screen.findByRole('table', { name: 'Transacciones' });
  await within(table).findByText('Saldo inicial');
  return table;
}

// Typing into Mantine inputs is slow in jsdom when the machine is busy.
describe('AccountTransactions', { timeout: 20_000 }, () => {
  it('shows the account balances and the ledger with the spec columns and Spanish type labels', async () => {
    const { requests } = server();
    renderRoutes(routes, `/admin/bank-accounts/${ACCOUNT_ID}/transactions`);

    expect(await screen.findByRole('heading', { name: 'Caja Principal' })).toBeInTheDocument();
    expect(screen.getByTestId('account-balance')).toHaveTextContent('$4,000.00');
    expect(screen.getByTestId('account-real-balance')).toHaveTextContent('$4,000.00');

    const table = await screen.findByRole('table', { name: 'Transacciones' });
    await within(table).findByText('Saldo inicial');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Fecha',
      'Saldo anterior',
      'Real anterior',
      'Monto',
      'Tipo',
      'Saldo posterior',
      'Real posterior',
      'Acciones',
    ]);
    for (const label of ['Liberación', 'Abono', 'Entrega', 'Reserva', 'Retiro', 'Depósito']) {
      expect(within(table).getByText(label)).toBeInTheDocument();
    }
    const withdrawal = rowOf(table, 'Retiro');
    expect(within(withdrawal).getByText('Renta del local')).toBeInTheDocument();
    const cells = within(withdrawal)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(within(withdrawal).getByText('15/01/2026')).toBeInTheDocument();
    expect(within(withdrawal).getByText('02:05 pm')).toBeInTheDocument();
    expect(cells.slice(1, 7)).toEqual([
      '$10,000.00',
      '$10,000.00',
      '−$5,000.00',
      'RetiroRenta del local',
      '$5,000.00',
      '$5,000.00',
    ]);
    expect(within(rowOf(table, 'Saldo inicial')).getByText('Depósito')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname.endsWith('/transactions'))?.url.searchParams.get('page')).toBe(
      '1',
    );
  });

  it("filters by 'Tipo' (every movement type) and by Desde/Hasta", async () => {
    const { requests } = server();
    renderRoutes(routes, `/admin/bank-accounts/${ACCOUNT_ID}/transactions`);
    const table = await screen.findByRole('table', { name: 'Transacciones' });
    await within(table).findByText('Saldo inicial');
    const last = () => params(requests.filter((r) => r.url.pathname === `${base}/transactions`).at(-1)?.url);

    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todos',
      'Abono',
      'Entrega',
      'Reserva',
      'Retiro',
      'Depósito',
      'Liberación',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Retiro' }));
    await waitFor(() => expect(last()).toMatchObject({ q: 'MANUAL_WITHDRAWAL', page: '1' }));

    await userEvent.type(screen.getByRole('textbox', { name: 'Desde' }), '01/01/2026');
    await userEvent.click(screen.getByRole('heading', { name: 'Transacciones' }));
    await waitFor(() => expect(last()).toMatchObject({ q: 'MANUAL_WITHDRAWAL', from: '2026-01-01' }));
    expect(last().to).toBeUndefined();
  });

  it('signs every amount by its direction: money in +, money out −', async () => {
    const table = await ledger();
    const amounts = within(table)
      .getAllByTestId('transaction-amount')
      .map((cell) => cell.textContent);
    // Liberación, Abono, Entrega, Reserva, Retiro, Depósito (newest first).
    expect(amounts).toEqual([
      '+$1,000.00',
      '+$1,000.00',
      '−$2,000.00',
      '−$3,000.00',
      '−$5,000.00',
      '+$10,000.00',
    ]);
  });

  describe('on a 360 px phone', () => {
    const desktopWidth = window.innerWidth;
    beforeEach(() => {
      window.innerWidth = 360;
    });
    afterEach(() => {
      window.innerWidth = desktopWidth;
    });

    it('shows each movement as a card of its key figures, the whole concept included, Acciones beside', async () => {
      const table = await ledger();
      expect(headersOf(table)).toEqual(['Fecha', 'Monto', 'Tipo', 'Saldo posterior', 'Acciones']);
      // Each cell reads its column's name, then its value.
      expect(rowsOf(table)[4]).toEqual([
        'Fecha15/01/202602:05 pm',
        'Monto−$5,000.00',
        'TipoRetiroRenta del local',
        'Saldo posterior$5,000.00',
        '',
      ]);
    });
  });

  it('opens Detalle: date with seconds, type badge, concept, amount, and a way back', async () => {
    server();
    const { router } = renderRoutes(routes, `/admin/bank-accounts/${ACCOUNT_ID}/transactions`);
    const table = await screen.findByRole('table', { name: 'Transacciones' });
    const withdrawal = await waitFor(() => rowOf(table, 'Retiro'));
    await pickRowAction(withdrawal, 'Detalle');

    const id = transactions[4]?.id;
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/bank-accounts/${ACCOUNT_ID}/transactions/${id}`),
    );
    expect(await screen.findByRole('heading', { name: 'Detalle de la Transacción' })).toBeInTheDocument();
    expect(await screen.findByText('15/01/2026 02:05:09 pm')).toBeInTheDocument();
    expect(screen.getByText('Retiro')).toBeInTheDocument();
    expect(screen.getByText('Concepto')).toBeInTheDocument();
    expect(screen.getByText('Renta del local')).toBeInTheDocument();
    expect(screen.getAllByText('$5,000.00').length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('link', { name: 'Volver a Transacciones' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/bank-accounts/${ACCOUNT_ID}/transactions`),
    );
  });

  it('hides Concepto when the transaction has none, and shows the 404 of another account', async () => {
    server();
    const release = transactions[0];
    const { router } = renderRoutes(routes, `/admin/bank-accounts/${ACCOUNT_ID}/transactions/${release?.id}`);
    expect(await screen.findByText('Liberación')).toBeInTheDocument();
    expect(screen.queryByText('Concepto')).not.toBeInTheDocument();

    await router.navigate(
      `/admin/bank-accounts/${ACCOUNT_ID}/transactions/0190a0c0-0000-7000-8000-00000000ffff`,
    );
    expect(await screen.findByText('Transacción no encontrada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Cuentas Bancarias' })).toBeInTheDocument();
  });
});
