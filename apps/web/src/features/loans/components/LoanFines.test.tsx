import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { headersOf } from '../../../test/table.ts';
import { json, mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { adminLogin, agentLogin, loanIn, ok, visibleCells } from '../test/fixtures.ts';
import { fee } from '../test/payment-fixtures.ts';
import { LoanFines } from './LoanFines.tsx';

const loan = loanIn('DELAYED');
const feesPath = `/api/v1/loans/${loan.id}/fees`;
const pending = fee(1);
const paid = fee(2, { status: 'PAID' });
const cancelled = fee(3, { status: 'CANCELLED' });

function serve(deleteReply?: () => Response) {
  let fees = [pending, paid, cancelled];
  return mockServer(({ method, url }) => {
    if (method === 'GET' && url.pathname === feesPath) return ok(200, fees);
    if (method === 'DELETE' && url.pathname === `${feesPath}/${pending.id}`) {
      if (deleteReply) return deleteReply();
      fees = fees.map((f) => (f.id === pending.id ? { ...f, status: 'CANCELLED' as const } : f));
      return json(200, { status: 'OK', data: null });
    }
    return undefined;
  });
}

describe("'Multas'", { timeout: 20_000 }, () => {
  it('lists Fecha, Concepto, Monto and Estatus; the admin cancels a pending fine after confirming', async () => {
    session.start(adminLogin);
    const { requests } = serve();
    renderWithProviders(<LoanFines loan={loan} />);
    const table = await screen.findByRole('table', { name: 'Multas del préstamo' });
    expect(headersOf(table)).toEqual(['Fecha', 'Concepto', 'Monto', 'Estatus', 'Acciones']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => visibleCells(r))).toEqual([
      ['19/03/2026', 'Multa día 19/03/2026', '$50.00', 'Pendiente', 'Cancelar'],
      ['20/03/2026', 'Multa día 20/03/2026', '$50.00', 'Pagada', ''],
      ['21/03/2026', 'Multa día 21/03/2026', '$50.00', 'Cancelada', ''],
    ]);

    await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: /^Cancelar/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancelar multa' }));
    expect(dialog.getByText('Confirma que desea cancelar la multa?')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Multa cancelada correctamente!')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    await waitFor(() =>
      expect(within(table).queryByRole('button', { name: /^Cancelar/ })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'No se pudo cancelar la multa' with the server's detail", async () => {
    session.start(adminLogin);
    serve(() => problem(409, 'La multa ya forma parte de un pago'));
    renderWithProviders(<LoanFines loan={loan} />);
    const table = await screen.findByRole('table', { name: 'Multas del préstamo' });
    await userEvent.click(within(table).getByRole('button', { name: /^Cancelar/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancelar multa' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('No se pudo cancelar la multa')).toBeInTheDocument();
    expect(screen.getByText('La multa ya forma parte de un pago')).toBeInTheDocument();
  });

  it('offers no Cancelar to an agent', async () => {
    session.start(agentLogin);
    serve();
    renderWithProviders(<LoanFines loan={loan} />);
    const table = await screen.findByRole('table', { name: 'Multas del préstamo' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  });

  it("says 'Sin multas' when the loan has none", async () => {
    session.start(agentLogin);
    mockServer(({ url }) => (url.pathname === feesPath ? ok(200, []) : undefined));
    renderWithProviders(<LoanFines loan={loan} />);
    expect(await screen.findByText('Sin multas')).toBeInTheDocument();
  });
});
