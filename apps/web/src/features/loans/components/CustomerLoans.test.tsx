import type { Loan } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { headersOf, openRowMenu, rowIn } from '../../../test/table.ts';
import { type Handler, json, mockServer, params, renderWithProviders } from '../../../test/utils.tsx';
import {
  ALL_STATUSES,
  adminLogin,
  agentLogin,
  CUSTOMER_ID,
  loanIn,
  ok,
  page,
  scheduleOf,
  visibleCells,
} from '../test/fixtures.ts';
import { loanPayment, pendingOf } from '../test/payment-fixtures.ts';
import { CustomerLoans } from './CustomerLoans.tsx';

const loansPath = `/api/v1/customers/${CUSTOMER_ID}/loans`;

function serve(list: () => Loan[], extra?: Handler) {
  return mockServer((request) => {
    if (request.method === 'GET' && request.url.pathname === loansPath) return json(200, page(list()));
    return extra?.(request);
  });
}

/** The Préstamos tab of CUSTOMER_ID over `list`, seen by `login`; `extra` answers the other requests. */
function show(list: () => Loan[], extra?: Handler, login = agentLogin) {
  session.start(login);
  const server = serve(list, extra);
  return { ...server, ...renderWithProviders(<CustomerLoans customerId={CUSTOMER_ID} />) };
}

const rowOf = (num: number) => rowIn('Préstamos', num);
const menuOf = async (num: number) => openRowMenu(await rowOf(num));

describe("customer's Préstamos tab", { timeout: 20_000 }, () => {
  it('lists the loans 10 per page with No., Fecha, Estatus, Monto, Monto real and Saldo', async () => {
    const active = loanIn('ACTIVE');
    const { requests } = show(() => [active]);
    const table = await screen.findByRole('table', { name: 'Préstamos' });
    const row = await rowOf(active.num);
    expect(params(requests[0]?.url)).toEqual({ page: '1', size: '10', order: 'asc' });
    expect(headersOf(table)).toEqual([
      'No.',
      'Fecha',
      'Estatus',
      'Monto',
      'Monto real',
      'Saldo',
      'Solicitar',
    ]);
    expect(visibleCells(row).slice(0, 6)).toEqual([
      '1002',
      '02/03/2026',
      'Al corriente',
      '$10,000.00',
      '$12,000.00',
      '$11,000.00',
    ]);
    expect(screen.queryByText(/Este cliente aún no tiene préstamos/)).not.toBeInTheDocument();
  });

  it.each(ALL_STATUSES)(
    'offers Pagar, Liquidar and Renovar only for ACTIVE or DELAYED, Pagos/Multas once delivered, and Link always (%s)',
    async (status) => {
      const loan = loanIn(status);
      show(() => [loan]);
      const { items } = await menuOf(loan.num);
      const payable = status === 'ACTIVE' || status === 'DELAYED';
      const delivered = payable || status === 'PAID';
      expect(items).toEqual([
        'Editar',
        ...(delivered ? ['Pagos', 'Multas'] : []),
        ...(payable ? ['Pagar', 'Liquidar', 'Renovar'] : []),
        ...(delivered ? ['Calendario'] : []),
        'Link',
        'Historial',
        ...(delivered ? ['Imprimir estado de cuenta'] : []),
      ]);
    },
  );

  it("copies the public link /loans/{id} and alerts 'Link copiado al portapapeles'", async () => {
    const loan = loanIn('PENDING');
    show(() => [loan]);
    const { menu } = await menuOf(loan.num);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Link' }));
    expect(await screen.findByText('Link copiado al portapapeles')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/loans/${loan.id}`);
  });

  it("'Historial' shows the loan's audit rows; 'Imprimir estado de cuenta' opens the statement in a new tab", async () => {
    const loan = loanIn('ACTIVE');
    const { requests } = show(
      () => [loan],
      ({ url }) =>
        url.pathname === `/api/v1/audit/loan/${loan.id}`
          ? json(200, {
              status: 'OK',
              data: [
                {
                  id: 'h-1',
                  at: '2025-03-10T16:30:00.000Z',
                  entity: 'loan',
                  entityId: loan.id,
                  action: 'approved',
                  user: { id: 'u-1', name: 'Ana', lastName: 'Admin', username: 'ana@prestaya.mx' },
                  before: { status: 'PENDING' },
                  after: { status: 'APPROVED' },
                },
              ],
            })
          : undefined,
    );
    const { menu } = await menuOf(loan.num);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Historial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historial' });
    const changes = await within(dialog).findByRole('table', { name: 'Cambios: Aprobado' });
    expect(within(changes).getByRole('row', { name: 'Estatus En espera Aprobado' })).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === `/api/v1/audit/loan/${loan.id}`)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));

    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const again = await menuOf(loan.num);
    await userEvent.click(within(again.menu).getByRole('menuitem', { name: 'Imprimir estado de cuenta' }));
    expect(open).toHaveBeenCalledWith(`/admin/print/loans/${loan.id}`, '_blank', 'noopener');
    open.mockRestore();
  });

  it('shows the 12 installments and the CAT in Calendario', async () => {
    const loan = loanIn('ACTIVE');
    show(
      () => [loan],
      ({ url }) => {
        if (url.pathname === `/api/v1/loans/${loan.id}/scheduled-payments`) return ok(200, scheduleOf(loan));
        if (url.pathname === `/api/v1/loans/${loan.id}/cat`) return ok(200, { cat: 347.3 });
        return undefined;
      },
    );
    const { menu } = await menuOf(loan.num);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Calendario' }));
    const d = within(await screen.findByRole('dialog', { name: 'Calendario de Pagos' }));
    const table = await d.findByRole('table', { name: 'Calendario de pagos' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(visibleCells(rows[0] as HTMLElement)).toEqual([
      '1',
      'Pago 1 de 12',
      '11/03/2026',
      '$1,000.00',
      'Pagado',
    ]);
    expect(visibleCells(rows[11] as HTMLElement)).toEqual([
      '12',
      'Pago 12 de 12',
      '27/05/2026',
      '$1,000.00',
      'Pendiente',
    ]);
    expect(await d.findByTestId('loan-cat')).toHaveTextContent(
      'CAT sin IVA, para fines informativos: 347.3 %',
    );
    await userEvent.click(d.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("registers a payment from 'Pagar', then closes 'Registro de Pago' and reloads the loans and the customer", async () => {
    const loan = loanIn('ACTIVE');
    const pending = pendingOf(loan, []);
    const { requests, queryClient } = show(
      () => [loan],
      ({ method, url }) => {
        if (url.pathname === `/api/v1/loans/${loan.id}/pending-payments`) return ok(200, pending);
        if (method === 'POST' && url.pathname === `/api/v1/loans/${loan.id}/payments`) {
          return ok(201, loanPayment(loan, 1));
        }
        return undefined;
      },
    );
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { menu } = await menuOf(loan.num);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Pagar' }));
    const pay = within(await screen.findByRole('dialog', { name: 'Registro de Pago' }));
    expect(pay.getByText(`Préstamo No. ${loan.num}`)).toBeInTheDocument();
    const table = await pay.findByRole('table', { name: 'Pagos pendientes' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    await userEvent.click(pay.getByRole('checkbox', { name: 'Pago 2 de 12' }));
    await userEvent.click(pay.getByRole('button', { name: 'Registrar Pago por $1,000.00' }));
    expect(await screen.findByText('Pago registrado correctamente!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'GET' && r.url.pathname === loansPath)).toHaveLength(2),
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['customers'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['payments'] });
  });

  it("shows the empty states of 'Lista de Pagos' and 'Multas'", async () => {
    const loan = loanIn('DELAYED');
    show(
      () => [loan],
      ({ url }) =>
        url.pathname === `/api/v1/loans/${loan.id}/payments` ||
        url.pathname === `/api/v1/loans/${loan.id}/fees`
          ? ok(200, [])
          : undefined,
    );
    let { menu } = await menuOf(loan.num);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Pagos' }));
    const payments = within(await screen.findByRole('dialog', { name: 'Lista de Pagos' }));
    expect(await payments.findByText('Aún no hay pagos registrados')).toBeInTheDocument();
    expect(payments.getByText('Préstamo No. 1004')).toBeInTheDocument();
    await userEvent.click(payments.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    ({ menu } = await menuOf(loan.num));
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Multas' }));
    const fines = within(await screen.findByRole('dialog', { name: 'Multas' }));
    expect(await fines.findByText('Sin multas')).toBeInTheDocument();
  });

  it('requests a loan with Solicitar, then reloads the list and the customer', async () => {
    let list: Loan[] = [];
    const created = loanIn('PENDING');
    const { requests, queryClient } = show(
      () => list,
      ({ method, url }) => {
        if (method === 'POST' && url.pathname === loansPath) {
          list = [created];
          return ok(201, created);
        }
        return undefined;
      },
      adminLogin,
    );
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(await screen.findByText(/Este cliente aún no tiene préstamos/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar' }));
    const d = within(await screen.findByRole('dialog', { name: 'Nueva solicitud de Préstamo' }));
    const amount = d.getByLabelText(/^Monto/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '10000');
    await userEvent.click(d.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Préstamo creado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await rowOf(created.num);
    expect(screen.queryByText(/Este cliente aún no tiene préstamos/)).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'GET' && r.url.pathname === loansPath)).toHaveLength(2);
    // The CustomerDetails header (customers feature) reloads through its root key.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['customers'] });
  });
});
