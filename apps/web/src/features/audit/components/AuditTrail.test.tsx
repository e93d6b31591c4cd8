import type { AuditEntry, Paged, User } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { agentUser, auditEntry } from '../../../test/fixtures.ts';
import { headersOf, rowIn } from '../../../test/table.ts';
import { json, mockServer, params, renderRoutes } from '../../../test/utils.tsx';
import { AuditTrail } from './AuditTrail.tsx';

const CUSTOMER_ID = '0190a000-0000-7000-8000-000000000001';
const PAYMENT_ID = '0190a000-0000-7000-8000-0000000000f1';
const AGENT_ID = '0190a000-0000-7000-8000-00000000a9e7';

const customerUpdated = auditEntry({
  id: 'a-2',
  at: '2025-03-11T17:45:00.000Z',
  entity: 'customer',
  entityId: CUSTOMER_ID,
  action: 'updated',
  before: { name: 'José', lastName: 'Núñez', phone: '5512345678' },
  after: { name: 'José Luis', lastName: 'Núñez', phone: '5512345678' },
});
const paymentConfirmed = auditEntry({
  id: 'a-1',
  at: '2025-03-10T16:30:00.000Z',
  entity: 'payment',
  entityId: PAYMENT_ID,
  action: 'confirmed',
  user: null,
  before: { status: 'VALIDATING', amount: 1000 },
  after: { status: 'PAID', amount: 1000, loanNum: 1002 },
});
const unknownAction: AuditEntry = {
  ...paymentConfirmed,
  id: 'a-0',
  entity: 'fee',
  action: 'forgiven_by_robot',
  before: null,
  after: null,
};

const users: User[] = [
  agentUser({ id: AGENT_ID, num: 7, username: 'luis@prestaya.mx', createdOn: '2025-01-01T00:00:00.000Z' }),
];
/** A user past the filter's first page: found by typing, or by id when the address names them. */
const zoe = agentUser({
  id: '0190a000-0000-7000-8000-00000000a9e8',
  num: 130,
  name: 'Zoe',
  lastName: 'Zapata',
  username: 'zoe@prestaya.mx',
});

const paged = <T,>(data: T[]): Paged<T> => ({
  data,
  page: 1,
  size: 20,
  totalDocuments: data.length,
  totalPages: data.length ? 1 : 0,
  totalCapped: false,
});

const routes: RouteObject[] = [
  { path: '/admin/audit', element: <AuditTrail /> },
  { path: '/admin/customers/:id', element: <h1>Detalle del cliente</h1> },
];

function serve(entries: AuditEntry[] = [customerUpdated, paymentConfirmed, unknownAction]) {
  return mockServer(({ url }) => {
    if (url.pathname === '/api/v1/audit') return json(200, paged(entries));
    if (url.pathname === '/api/v1/users') {
      return json(200, paged(url.searchParams.get('query') === 'zapata' ? [zoe] : users));
    }
    if (url.pathname === `/api/v1/users/${zoe.id}`) return json(200, { status: 'OK', data: zoe });
    if (url.pathname === '/api/v1/audit/export.csv') {
      return new Response('\uFEFFFecha\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="auditoria-2025-03-14.csv"',
        },
      });
    }
    return undefined;
  });
}

/** Serves `entries` and opens the audit screen at `path`. */
function show(path = '/admin/audit', entries?: AuditEntry[]) {
  const server = serve(entries);
  return { ...server, ...renderRoutes(routes, path) };
}

const listRequests = (requests: { url: URL }[]) => requests.filter((r) => r.url.pathname === '/api/v1/audit');

const rowWith = (text: string) => rowIn('Registros', text);

beforeEach(() => {
  session.start({ userId: 'u-1', roles: ['ROLE_ADMIN'], name: 'Ana', lastName: 'Admin', access_token: 't' });
  URL.createObjectURL = vi.fn(() => 'blob:test/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('Auditoría', { timeout: 30_000 }, () => {
  it('lists Fecha, Usuario, Entidad, Registro and Acción, newest first as the server sends them', async () => {
    const { requests } = show();
    expect(await screen.findByRole('heading', { name: 'Auditoría', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Registros' });
    await within(table).findByText('José Luis Núñez');
    expect(headersOf(table)).toEqual(['Fecha', 'Usuario', 'Entidad', 'Registro', 'Acción', 'Cambios']);
    expect(params(listRequests(requests)[0]?.url)).toEqual({ page: '1', size: '20' });

    const customerRow = await rowWith('José Luis Núñez');
    const cells = within(customerRow).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('11/03/2025');
    expect(cells[1]).toHaveTextContent('Ana Admin');
    expect(cells[2]).toHaveTextContent('Cliente');
    expect(cells[4]).toHaveTextContent('Actualizado');
    expect(within(customerRow).getByRole('link', { name: 'José Luis Núñez' })).toHaveAttribute(
      'href',
      `/admin/customers/${CUSTOMER_ID}`,
    );

    const paymentRow = await rowWith('Pago · Préstamo No. 1002');
    expect(within(paymentRow).getAllByRole('cell')[1]).toHaveTextContent('Sistema');
    expect(within(paymentRow).getByRole('link', { name: 'Pago · Préstamo No. 1002' })).toHaveAttribute(
      'href',
      `/admin/payments/${PAYMENT_ID}`,
    );
    expect(within(paymentRow).getAllByRole('cell')[4]).toHaveTextContent('Confirmado');

    // An action without a label is shown as written; a row without snapshots has nothing to view.
    const feeRow = await rowWith('forgiven_by_robot');
    expect(within(feeRow).getByRole('button', { name: /Ver cambios/ })).toBeDisabled();
  });

  it("'Ver cambios' shows only the changed fields, old → new", async () => {
    show();
    const row = await rowWith('José Luis Núñez');
    await userEvent.click(within(row).getByRole('button', { name: 'Ver cambios (1 campo)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambios' });
    const changes = within(dialog).getByRole('table', { name: 'Cambios del registro' });
    const body = within(changes).getAllByRole('row').slice(1);
    expect(body.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['Nombre', 'José', 'José Luis'],
    ]);
    expect(within(dialog).getByText('Ana Admin')).toBeInTheDocument();
  });

  it("names the records, never by id: 'Cuenta · <name>', folios, loan numbers, people", async () => {
    const ACCOUNT_ID = '01a223d0-0000-7000-8000-0000000000c1';
    const LOAN_ID = '01a223d0-0000-7000-8000-0000000000d1';
    const GONE_ID = '01a223d0-0000-7000-8000-0000000000e1';
    const TRANSACTION_ID = '01a223d0-0000-7000-8000-0000000000f9';
    const movement = auditEntry({
      id: 'a-9',
      at: '2025-03-12T16:30:00.000Z',
      entity: 'bank_account',
      entityId: ACCOUNT_ID,
      action: 'movement_payment',
      before: { balance: 100, realBalance: 100 },
      after: {
        balance: 200,
        realBalance: 200,
        transactionId: TRANSACTION_ID,
        loanId: LOAN_ID,
        paymentId: PAYMENT_ID,
        customerId: GONE_ID,
      },
      names: {
        [ACCOUNT_ID]: 'Caja chica',
        [LOAN_ID]: 'No. 1002',
        [PAYMENT_ID]: 'Folio 1002-000000F1',
      },
    });
    const payment = auditEntry({
      ...paymentConfirmed,
      id: 'a-8',
      after: { ...paymentConfirmed.after, registeredBy: AGENT_ID },
      names: { [PAYMENT_ID]: 'Folio 1002-000000F1', [AGENT_ID]: 'Luis Pérez' },
    });
    const { container } = show('/admin/audit', [movement, payment]);
    const row = await rowWith('Caja chica');
    expect(within(row).getByRole('link', { name: 'Caja chica' })).toBeInTheDocument();
    await rowWith('Pago · Folio 1002-000000F1 · Préstamo No. 1002');
    expect(container).not.toHaveTextContent('01a223d0');

    await userEvent.click(within(row).getByRole('button', { name: /Ver cambios/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambios' });
    expect(within(dialog).getByText('Cuenta · Caja chica')).toBeInTheDocument();
    const changes = within(dialog).getByRole('table', { name: 'Cambios del registro' });
    const body = within(changes).getAllByRole('row').slice(1);
    expect(body.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['Saldo', '$100.00', '$200.00'],
      ['Saldo real', '$100.00', '$200.00'],
      ['Transacción', '—', 'Movimiento registrado'],
      ['Préstamo', '—', 'No. 1002'],
      ['Pago', '—', 'Folio 1002-000000F1'],
      // An id that no longer resolves: a neutral word, not the UUID.
      ['Cliente', '—', 'Registro no disponible'],
    ]);
    expect(dialog).not.toHaveTextContent('01a223d0');
  });

  it('sends the entity, user and date filters, back on page 1, and the CSV gets exactly the same', async () => {
    const { requests, router } = show();
    await rowWith('José Luis Núñez');

    await userEvent.click(screen.getByRole('combobox', { name: 'Entidad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cliente' }));
    await waitFor(() =>
      expect(params(listRequests(requests).at(-1)?.url)).toEqual({
        page: '1',
        size: '20',
        entity: 'customer',
      }),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Usuario' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Luis Pérez (luis@prestaya.mx)' }));
    await waitFor(() =>
      expect(params(listRequests(requests).at(-1)?.url)).toMatchObject({ userId: AGENT_ID }),
    );

    await userEvent.type(screen.getByRole('textbox', { name: 'Desde' }), '01/03/2025');
    await userEvent.type(screen.getByRole('textbox', { name: 'Hasta' }), '10/03/2025');
    await userEvent.click(screen.getByRole('heading', { name: 'Auditoría' }));
    // Every filter set: the list, the address and the CSV export all carry the same four.
    const filters = { entity: 'customer', userId: AGENT_ID, from: '2025-03-01', to: '2025-03-10' };
    await waitFor(() =>
      expect(params(listRequests(requests).at(-1)?.url)).toEqual({ page: '1', size: '20', ...filters }),
    );
    // The filters are in the address, so a reload keeps them.
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(filters);

    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/api/v1/audit/export.csv')).toBe(true),
    );
    const exported = requests.find((r) => r.url.pathname === '/api/v1/audit/export.csv');
    expect(params(exported?.url)).toEqual(filters);

    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() =>
      expect(params(listRequests(requests).at(-1)?.url)).toEqual({ page: '1', size: '20' }),
    );
  });

  it("offers the first 20 users by name, finds the others on the server, and names the address's one", async () => {
    const { requests, unmount } = show();
    await rowWith('José Luis Núñez');
    const userRequests = () =>
      requests.filter((r) => r.url.pathname === '/api/v1/users').map((r) => params(r.url));
    expect(userRequests()).toEqual([{ page: '1', size: '20', orderBy: 'name', order: 'asc' }]);

    await userEvent.type(screen.getByRole('combobox', { name: 'Usuario' }), 'zapata');
    await userEvent.click(await screen.findByRole('option', { name: 'Zoe Zapata (zoe@prestaya.mx)' }));
    await waitFor(() => expect(params(listRequests(requests).at(-1)?.url)).toMatchObject({ userId: zoe.id }));
    expect(userRequests().at(-1)).toEqual({
      page: '1',
      size: '20',
      query: 'zapata',
      orderBy: 'name',
      order: 'asc',
    });
    unmount();

    // A reload of that address: the user is not on the first page, so they are asked for by id.
    show(`/admin/audit?userId=${zoe.id}`);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Usuario' })).toHaveValue('Zoe Zapata (zoe@prestaya.mx)'),
    );
  });

  it('does not take a day the API refuses: outside 2000–2099 or more than 366 days from the other end', async () => {
    const { requests } = show();
    await rowWith('José Luis Núñez');
    const desde = screen.getByRole('textbox', { name: 'Desde' });
    const hasta = screen.getByRole('textbox', { name: 'Hasta' });
    await userEvent.type(desde, '31/12/1999');
    await userEvent.type(hasta, '01/01/2100');
    await userEvent.click(screen.getByRole('heading', { name: 'Auditoría' }));
    expect(desde).toHaveValue('');
    expect(hasta).toHaveValue('');

    await userEvent.type(desde, '01/03/2025');
    await userEvent.type(hasta, '02/03/2026');
    await userEvent.click(screen.getByRole('heading', { name: 'Auditoría' }));
    await waitFor(() =>
      expect(params(listRequests(requests).at(-1)?.url)).toMatchObject({ from: '2025-03-01' }),
    );
    expect(hasta).toHaveValue('');
    await userEvent.type(hasta, '01/03/2026');
    await userEvent.click(screen.getByRole('heading', { name: 'Auditoría' }));
    await waitFor(() =>
      expect(params(listRequests(requests).at(-1)?.url)).toMatchObject({
        from: '2025-03-01',
        to: '2026-03-01',
      }),
    );
  });

  it('reads the filters from the address and ignores malformed ones', async () => {
    const { requests } = show(`/admin/audit?entity=payment&userId=nope&from=2025-03-01&to=ayer`);
    await rowWith('José Luis Núñez');
    expect(params(listRequests(requests)[0]?.url)).toEqual({
      page: '1',
      size: '20',
      entity: 'payment',
      from: '2025-03-01',
    });
  });

  it('shows the empty state when nothing matches', async () => {
    show('/admin/audit', []);
    expect(await screen.findByText('No hay registros para mostrar')).toBeInTheDocument();
  });
});
