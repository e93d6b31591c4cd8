import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { headersOf, pickRowAction } from '../../../test/table.ts';
import { json, mockServer, params, renderRoutes } from '../../../test/utils.tsx';
import { adminLogin, agentsReply, CUSTOMER_ID, listItem } from '../test/fixtures.ts';
import { CustomerList } from './CustomerList.tsx';

const page = { data: [listItem], page: 1, size: 10, totalDocuments: 1, totalPages: 1, totalCapped: false };

function renderList() {
  return renderRoutes(
    [
      { path: '/admin/customers', element: <CustomerList /> },
      { path: '/admin/customers/:id', element: <p>Detalle del cliente</p> },
    ],
    '/admin/customers',
  );
}

describe('customers list', () => {
  it("shows 'Clientes' with No., full name and phone, searching by 'Nombre, Apellido, Telefono'", async () => {
    const { requests } = mockServer(({ url }) =>
      url.pathname === '/api/v1/customers' ? json(200, page) : undefined,
    );
    renderList();
    const table = await screen.findByRole('table', { name: 'Clientes' });
    expect(screen.getByRole('heading', { name: 'Clientes', level: 1 })).toBeInTheDocument();
    // At 1024 px: CURP and Alta show from 1200 px on.
    expect(headersOf(table)).toEqual([
      'No.',
      'Nombre',
      'Teléfono',
      'Agente',
      'Estatus',
      'Saldo',
      'Registrar',
    ]);
    const row = await within(table).findByText('José Gómez Núñez');
    expect(row.closest('tr')).toHaveTextContent('17');
    expect(row.closest('tr')).toHaveTextContent('5512345678');
    expect(params(requests[0]?.url)).toEqual({ page: '1', size: '10', order: 'asc' });

    const search = screen.getByPlaceholderText('Nombre, Apellido, Telefono');
    await userEvent.type(search, '  gomez nunez {Enter}');
    await waitFor(() =>
      expect(params(requests.at(-1)?.url)).toMatchObject({ query: 'gomez nunez', page: '1' }),
    );
  });

  it("shows each customer's agent and current loan status and balance, sortable by the server", async () => {
    const withLoan = {
      ...listItem,
      id: '0190a0c0-0000-7000-8000-0000000000c2',
      num: 18,
      name: 'Lucía',
      agent: null,
      currentLoan: {
        id: '0190a0c0-0000-7000-8000-0000000001a1',
        num: 1004,
        status: 'DELAYED' as const,
        currentBalance: 6_050.5,
      },
    };
    const { requests } = mockServer(({ url }) =>
      url.pathname === '/api/v1/customers'
        ? json(200, { ...page, data: [listItem, withLoan], totalDocuments: 2 })
        : undefined,
    );
    renderList();
    const table = await screen.findByRole('table', { name: 'Clientes' });
    const none = (await within(table).findByText('José Gómez Núñez')).closest('tr') as HTMLElement;
    const delayed = within(table).getByText('Lucía Gómez Núñez').closest('tr') as HTMLElement;
    // No., Nombre, Teléfono, Agente, Estatus, Saldo (the phone's folded copy of status and balance is hidden).
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('td')].slice(2, 6).map((td) => td.textContent);
    expect(cells(none)).toEqual(['5512345678', 'Luis Pérez', 'Sin préstamo', '$0.00']);
    expect(cells(delayed)).toEqual(['5512345678', '—', 'Atrasado', '$6,050.50']);

    const sortBy = async (header: RegExp, orderBy: string) => {
      await userEvent.click(within(table).getByRole('button', { name: header }));
      await waitFor(() => expect(params(requests.at(-1)?.url)).toMatchObject({ orderBy, page: '1' }));
    };
    await sortBy(/^Estatus/, 'status');
    await sortBy(/^Saldo/, 'balance');
    await sortBy(/^Nombre/, 'name');
    await sortBy(/^No\./, 'num');
  });

  it("'Registrar' opens 'Registrar Nuevo Cliente' with the personal-info form", async () => {
    mockServer((request) =>
      request.url.pathname === '/api/v1/customers' ? json(200, page) : agentsReply(request),
    );
    session.start(adminLogin);
    renderList();
    await screen.findByText('José Gómez Núñez');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Registrar Nuevo Cliente' }));
    expect(dialog.getByRole('heading', { name: 'Datos Personales' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Registrar Nuevo Cliente' })).not.toBeInTheDocument(),
    );
  });

  it('opens CustomerDetails when a row is clicked', async () => {
    mockServer(({ url }) => (url.pathname === '/api/v1/customers' ? json(200, page) : undefined));
    const { router } = renderList();
    await userEvent.click(await screen.findByText('José Gómez Núñez'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/customers/${CUSTOMER_ID}`));
    expect(await screen.findByText('Detalle del cliente')).toBeInTheDocument();
  });

  it("opens CustomerDetails from the row menu 'Ver detalle'", async () => {
    mockServer(({ url }) => (url.pathname === '/api/v1/customers' ? json(200, page) : undefined));
    const { router } = renderList();
    const table = await screen.findByRole('table', { name: 'Clientes' });
    await within(table).findByText('José Gómez Núñez');
    await pickRowAction(table, 'Ver detalle');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/customers/${CUSTOMER_ID}`));
  });
});
