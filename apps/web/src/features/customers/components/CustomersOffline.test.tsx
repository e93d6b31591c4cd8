import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OFFLINE_TEXT } from '../../../components/CatalogTable/CatalogTable.tsx';
import { session } from '../../../lib/session.ts';
import { agentLogin } from '../../../test/fixtures.ts';
import { json, mockServer, renderRoutes } from '../../../test/utils.tsx';
import { CUSTOMER_ID, customer, listItem, ok } from '../test/fixtures.ts';
import { CUSTOMER_NOT_ON_PHONE, CustomerDetails } from './CustomerDetails.tsx';
import { CustomerList } from './CustomerList.tsx';

const lucia = {
  ...listItem,
  id: '0190a0c0-0000-7000-8000-0000000000c2',
  num: 18,
  name: 'Lucía',
  lastName: 'Ríos',
};
const page = {
  data: [listItem, lucia],
  page: 1,
  size: 10,
  totalDocuments: 2,
  totalPages: 1,
  totalCapped: false,
};

/** The phone loses its signal: every request fails before reaching a server. */
const noSignal = () => vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

function renderScreens(path: string) {
  session.start(agentLogin);
  return renderRoutes(
    [
      { path: '/admin/customers', element: <CustomerList /> },
      { path: '/admin/customers/:id', element: <CustomerDetails customerId={CUSTOMER_ID} /> },
    ],
    path,
  );
}

describe('Clientes and a customer without signal', { timeout: 40_000 }, () => {
  it('Clientes shows the list last loaded with when it was loaded, and searches what it holds', async () => {
    mockServer(({ url }) => (url.pathname === '/api/v1/customers' ? json(200, page) : undefined));
    const { queryClient } = renderScreens('/admin/customers');
    const table = await screen.findByRole('table', { name: 'Clientes' });
    await within(table).findByText('Lucía Ríos Núñez');
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();

    noSignal();
    await queryClient.invalidateQueries();
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent(
      /^Sin conexión · datos de las \d\d:\d\d$/,
    );
    expect(within(table).getByText('José Gómez Núñez')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // A search the server never answered: from the customers on the phone, ignoring accents.
    await userEvent.type(screen.getByPlaceholderText('Nombre, Apellido, Telefono'), 'lucia rios{Enter}');
    await waitFor(() => expect(within(table).queryByText('José Gómez Núñez')).not.toBeInTheDocument());
    expect(within(table).getByText('Lucía Ríos Núñez')).toBeInTheDocument();
    expect(screen.getByTestId('offline-banner')).toBeInTheDocument();
  });

  it('Clientes loaded a moment ago says it is the copy as soon as the phone goes offline', async () => {
    mockServer(({ url }) => (url.pathname === '/api/v1/customers' ? json(200, page) : undefined));
    renderScreens('/admin/customers');
    await screen.findByText('Lucía Ríos Núñez');
    try {
      // Still fresh: nothing is requested again, yet the screen is now the phone's copy.
      act(() => onlineManager.setOnline(false));
      expect(await screen.findByTestId('offline-banner')).toHaveTextContent('Sin conexión · datos de las');
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument());
  });

  it('Clientes says plainly that the list is not on the phone yet, not that it failed', async () => {
    noSignal();
    renderScreens('/admin/customers');
    expect(await screen.findByTestId('offline-empty')).toHaveTextContent(OFFLINE_TEXT);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("a customer opened before shows from the phone's copy; one never opened says it is not on the phone", async () => {
    mockServer(({ url }) =>
      url.pathname === `/api/v1/customers/${CUSTOMER_ID}` ? ok(200, customer) : undefined,
    );
    const { queryClient, unmount } = renderScreens(`/admin/customers/${CUSTOMER_ID}`);
    expect(await screen.findByRole('heading', { name: 'José Gómez Núñez', level: 1 })).toBeInTheDocument();

    noSignal();
    await queryClient.invalidateQueries();
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent('Sin conexión · datos de las');
    expect(screen.getByRole('heading', { name: 'José Gómez Núñez', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('No se pudo cargar el cliente')).not.toBeInTheDocument();
    unmount();

    renderScreens(`/admin/customers/${CUSTOMER_ID}`);
    expect(await screen.findByTestId('offline-empty')).toHaveTextContent(CUSTOMER_NOT_ON_PHONE);
    expect(screen.queryByText('No se pudo cargar el cliente')).not.toBeInTheDocument();
  });
});
