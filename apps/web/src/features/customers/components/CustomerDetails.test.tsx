import type { Customer, Visit } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { mockServer, problem, renderRoutes } from '../../../test/utils.tsx';
import {
  ADDRESS_ID,
  address,
  adminLogin,
  agentsReply,
  CUSTOMER_ID,
  customer,
  documentsPath,
  ok,
} from '../test/fixtures.ts';
import { CustomerDetails } from './CustomerDetails.tsx';

const detailPath = `/api/v1/customers/${CUSTOMER_ID}`;

function renderDetails(path = `/admin/customers/${CUSTOMER_ID}`) {
  return renderRoutes(
    [
      { path: '/admin/customers', element: <p>Lista de clientes</p> },
      { path: '/admin/customers/:id', element: <CustomerDetails customerId={CUSTOMER_ID} /> },
    ],
    path,
  );
}

function serve(current: () => Customer, extra?: Parameters<typeof mockServer>[0]) {
  return mockServer((request) => {
    if (request.method === 'GET' && request.url.pathname === detailPath) return ok(200, current());
    return extra?.(request) ?? agentsReply(request);
  });
}

describe('customer details', () => {
  it('shows the full name, the current balance and the loan status label in the header', async () => {
    serve(() => ({
      ...customer,
      currentLoan: { id: 'l1', num: 31, status: 'DELAYED', currentBalance: 12345.5 },
    }));
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'José Gómez Núñez', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('customer-balance')).toHaveTextContent('$12,345.50');
    expect(within(screen.getByTestId('customer-loan-status')).getByText('Atrasado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clientes' })).toHaveAttribute('href', '/admin/customers');
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Préstamos', 'Datos Personales', 'Documentos']);
    expect(screen.getByText('Este cliente aún no tiene préstamos')).toBeInTheDocument();
  });

  it.each([
    ['PENDING', 'En espera'],
    ['ACTIVE', 'Al corriente'],
    ['PAID', 'Sin Adeudo'],
  ] as const)('labels a %s loan as %s', async (status, label) => {
    serve(() => ({ ...customer, currentLoan: { id: 'l1', num: 31, status, currentBalance: 0 } }));
    renderDetails();
    const badge = await screen.findByTestId('customer-loan-status');
    expect(within(badge).getByText(label)).toBeInTheDocument();
  });

  it("shows $0.00 and 'Sin préstamo' without a loan, and the documents only when 'Documentos' opens", async () => {
    const { requests } = serve(
      () => customer,
      ({ url }) => (url.pathname === documentsPath ? ok(200, []) : undefined),
    );
    renderDetails();
    expect(await screen.findByTestId('customer-balance')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('customer-loan-status')).toHaveTextContent('Sin préstamo');
    expect(requests.some((r) => r.url.pathname === documentsPath)).toBe(false);
    await userEvent.click(screen.getByRole('tab', { name: 'Documentos' }));
    expect(await screen.findByText('Sin documentos')).toBeVisible();
    expect(screen.getByRole('form', { name: 'Subir documento' })).toBeInTheDocument();
  });

  it("lists the customer's visits under Préstamos, newest first, each promise with its standing", async () => {
    const visit = (over: Partial<Visit>): Visit => ({
      id: 'v1',
      loan: { id: 'l1', num: 31 },
      customerId: CUSTOMER_ID,
      agent: { id: 'a1', num: 1002, name: 'Luis', lastName: 'Pérez' },
      outcome: 'NOT_HOME',
      visitedAt: '2026-03-18T17:20:00.000Z',
      promisedDate: null,
      promisedAmount: null,
      note: null,
      createdOn: '2026-03-18T17:21:00.000Z',
      promise: null,
      ...over,
    });
    serve(
      () => customer,
      ({ url }) =>
        url.pathname === `${detailPath}/visits`
          ? ok(200, [
              visit({
                id: 'v2',
                outcome: 'PROMISE',
                visitedAt: '2026-03-19T16:05:00.000Z',
                promisedDate: '2026-03-30',
                promisedAmount: 500,
                note: 'Cobra su quincena',
                promise: { outcome: 'PENDING', collected: 200 },
              }),
              visit({ id: 'v1' }),
            ])
          : undefined,
    );
    renderDetails();
    const list = await screen.findByRole('list', { name: 'Visitas' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Promesa de pago19/03/2026 10:05 amPromesa $500.00 para el 30/03Por cumplirPagado desde la visita: $200.00' +
        'Cobra su quincenaPréstamo No. 31 · Luis Pérez',
      'No estaba18/03/2026 11:20 amPréstamo No. 31 · Luis Pérez',
    ]);
  });

  it("says 'Sin visitas registradas' when the customer has none", async () => {
    serve(
      () => customer,
      ({ url }) => (url.pathname === `${detailPath}/visits` ? ok(200, []) : undefined),
    );
    renderDetails();
    expect(await screen.findByText('Sin visitas registradas')).toBeInTheDocument();
  });

  it("shows the customer's 'Historial' under Datos Personales, loaded only when that tab opens", async () => {
    const { requests } = serve(
      () => customer,
      ({ url }) =>
        url.pathname === `/api/v1/audit/customer/${CUSTOMER_ID}`
          ? ok(200, [
              {
                id: 'h-1',
                at: '2025-03-10T16:30:00.000Z',
                entity: 'customer',
                entityId: CUSTOMER_ID,
                action: 'updated',
                user: { id: 'u-1', name: 'Ana', lastName: 'Admin', username: 'ana@prestaya.mx' },
                before: { name: 'José', phone: '5512345678' },
                after: { name: 'José Luis', phone: '5512345678' },
              },
            ])
          : undefined,
    );
    renderDetails();
    await screen.findByRole('heading', { name: 'José Gómez Núñez', level: 1 });
    expect(screen.queryByRole('region', { name: 'Historial' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname.startsWith('/api/v1/audit/'))).toBe(false);

    await userEvent.click(screen.getByRole('tab', { name: 'Datos Personales' }));
    const history = await screen.findByRole('region', { name: 'Historial' });
    const changes = await within(history).findByRole('table', { name: 'Cambios: Actualizado' });
    expect(within(changes).getAllByRole('row')).toHaveLength(2);
    expect(within(changes).getByRole('row', { name: 'Nombre José José Luis' })).toBeInTheDocument();
  });

  it("says 'Cliente no encontrado' with a way back on a 404", async () => {
    mockServer(() => problem(404, 'Cliente no encontrado'));
    const { router } = renderDetails();
    expect(await screen.findByRole('heading', { name: 'Cliente no encontrado' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Volver a Clientes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customers'));
  });

  it("lists no addresses as 'No hay direcciones registradas', adds one and reloads the customer", async () => {
    session.start(adminLogin);
    let current: Customer = customer;
    const { requests } = serve(
      () => current,
      ({ method, url }) => {
        if (method === 'POST' && url.pathname === `${detailPath}/addresses`) {
          current = { ...customer, addresses: [address] };
          return ok(201, address);
        }
        return undefined;
      },
    );
    renderDetails(`/admin/customers/${CUSTOMER_ID}?tab=datos`);
    const section = within(await screen.findByRole('region', { name: 'Direcciones' }));
    expect(section.getByText('No hay direcciones registradas')).toBeInTheDocument();
    for (const header of ['Calle', 'No. Ext.', 'No. Int.', 'Colonia', 'Ciudad', 'Estado', 'C.P.']) {
      expect(section.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }

    await userEvent.click(section.getByRole('button', { name: 'Registrar' }));
    const d = within(await screen.findByRole('dialog', { name: 'Registrar Dirección' }));
    await userEvent.type(d.getByLabelText(/^Calle/), 'Av. Juárez');
    await userEvent.type(d.getByLabelText(/^No. Exterior/), '120');
    await userEvent.type(d.getByLabelText(/^Colonia/), 'Centro');
    await userEvent.type(d.getByLabelText(/^Ciudad/), 'Querétaro');
    await userEvent.type(d.getByRole('combobox', { name: 'Estado' }), 'quer');
    await userEvent.click(await screen.findByRole('option', { name: 'Querétaro' }));
    await userEvent.type(d.getByLabelText(/^Código Postal/), '76000');
    await userEvent.click(d.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Dirección creada')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Registrar Dirección' })).not.toBeInTheDocument(),
    );
    expect(await section.findByText('Av. Juárez')).toBeInTheDocument();
    expect(section.queryByText('No hay direcciones registradas')).not.toBeInTheDocument();
    const loads = requests.filter((r) => r.method === 'GET' && r.url.pathname === detailPath);
    expect(loads).toHaveLength(2);
  }, 15_000);

  it("deletes an address after '¿Eliminar esta dirección?'", async () => {
    session.start(adminLogin);
    let current: Customer = { ...customer, addresses: [address] };
    const { requests } = serve(
      () => current,
      ({ method, url }) => {
        if (method === 'DELETE' && url.pathname === `${detailPath}/addresses/${ADDRESS_ID}`) {
          current = customer;
          return ok(200, null);
        }
        return undefined;
      },
    );
    renderDetails(`/admin/customers/${CUSTOMER_ID}?tab=datos`);
    const section = within(await screen.findByRole('region', { name: 'Direcciones' }));
    const row = section.getByText('Av. Juárez').closest('tr') as HTMLElement;
    for (const cell of ['120', 'Centro', 'Querétaro', '76000']) {
      expect(within(row).getAllByText(cell).length).toBeGreaterThan(0);
    }
    await userEvent.click(section.getByRole('button', { name: 'Eliminar dirección Av. Juárez' }));
    const confirm = within(await screen.findByRole('dialog', { name: '¿Eliminar esta dirección?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Dirección eliminada')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true);
    expect(await section.findByText('No hay direcciones registradas')).toBeInTheDocument();
  });
});
