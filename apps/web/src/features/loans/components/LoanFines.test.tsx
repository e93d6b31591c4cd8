import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { heldReply } from '../../../test/double-click.ts';
import { headersOf } from '../../../test/table.ts';
import { json, mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { adminLogin, agentLogin, loanIn, ok, visibleCells } from '../test/fixtures.ts';
import { fee } from '../test/payment-fixtures.ts';
import { LoanFines } from './LoanFines.tsx';

const loan = loanIn('DELAYED');
const feesPath = `/api/v1/loans/${loan.id}/fees`;
const pending = fee(1);
const paid = fee(2, { status: 'PAID' });
const cancelled = fee(3, { status: 'CANCELLED', cancelReason: 'Pagó antes de la visita' });

function serve(cancelReply?: () => Response | Promise<Response>) {
  let fees = [pending, paid, cancelled];
  return mockServer(({ method, url, body }) => {
    if (method === 'GET' && url.pathname === feesPath) return ok(200, fees);
    if (method === 'PUT' && url.pathname === `${feesPath}/${pending.id}/cancel`) {
      if (cancelReply) return cancelReply();
      const { reason } = body as { reason: string };
      fees = fees.map((f) =>
        f.id === pending.id ? { ...f, status: 'CANCELLED' as const, cancelReason: reason } : f,
      );
      return json(200, { status: 'OK', data: fees[0] });
    }
    return undefined;
  });
}

/** Opens the pending fine's 'Cancelar' and returns the dialog, its 'Motivo' and its 'Cancelar multa'. */
async function openCancel(table: HTMLElement) {
  await userEvent.click(within(table).getByRole('button', { name: /^Cancelar/ }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Cancelar multa' }));
  return {
    dialog,
    reason: dialog.getByRole('textbox', { name: /^Motivo/ }),
    accept: dialog.getByRole('button', { name: 'Cancelar multa' }),
  };
}

describe("'Multas'", { timeout: 20_000 }, () => {
  it('lists Fecha, Concepto, Monto and Estatus; the admin cancels a pending fine saying why', async () => {
    session.start(adminLogin);
    const held = heldReply(() => json(200, { status: 'OK', data: { ...pending, status: 'CANCELLED' } }));
    const { requests } = serve(held.reply);
    renderWithProviders(<LoanFines loan={loan} />);
    const table = await screen.findByRole('table', { name: 'Multas del préstamo' });
    expect(headersOf(table)).toEqual(['Fecha', 'Concepto', 'Monto', 'Estatus', 'Acciones']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => visibleCells(r))).toEqual([
      ['19/03/2026', 'Multa día 19/03/2026', '$50.00', 'Pendiente', 'Cancelar'],
      ['20/03/2026', 'Multa día 20/03/2026', '$50.00', 'Pagada', ''],
      ['21/03/2026', 'Multa día 21/03/2026Motivo: Pagó antes de la visita', '$50.00', 'Cancelada', ''],
    ]);

    const { dialog, reason, accept } = await openCancel(table);
    expect(dialog.getByText('¿Confirma que desea cancelar la multa?')).toBeInTheDocument();
    // Each button says what it does: one cancels the fine, the other goes back without doing it.
    expect(dialog.getAllByRole('button').map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['Volver', 'Cancelar multa']),
    );
    expect(dialog.queryByRole('button', { name: 'Aceptar' })).not.toBeInTheDocument();
    await userEvent.click(accept);
    expect(dialog.getByText('El motivo es requerido')).toBeInTheDocument();
    await userEvent.type(reason, 'x'.repeat(2));
    await userEvent.click(accept);
    expect(dialog.getByText('El motivo debe tener al menos 3 caracteres')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await userEvent.clear(reason);
    await userEvent.type(reason, ' Cliente al corriente ');
    await userEvent.click(accept);
    await waitFor(() => expect(accept).toBeDisabled());
    held.release();
    expect(await screen.findByText('Multa cancelada correctamente!')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { reason: 'Cliente al corriente' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows 'No se pudo cancelar la multa' with the server's detail", async () => {
    session.start(adminLogin);
    serve(() => problem(409, 'La multa ya forma parte de un pago'));
    renderWithProviders(<LoanFines loan={loan} />);
    const table = await screen.findByRole('table', { name: 'Multas del préstamo' });
    const { reason, accept } = await openCancel(table);
    await userEvent.type(reason, 'Cliente al corriente');
    await userEvent.click(accept);
    expect(await screen.findByText('No se pudo cancelar la multa')).toBeInTheDocument();
    expect(screen.getByText('La multa ya forma parte de un pago')).toBeInTheDocument();
  });

  it('offers no Cancelar to an agent, who reads why a fine was cancelled', async () => {
    session.start(agentLogin);
    serve();
    renderWithProviders(<LoanFines loan={loan} />);
    const table = await screen.findByRole('table', { name: 'Multas del préstamo' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).getByText('Motivo: Pagó antes de la visita')).toBeInTheDocument();
  });

  it("'Volver' closes the dialog and leaves the fine as it was", async () => {
    session.start(adminLogin);
    const { requests } = serve();
    renderWithProviders(<LoanFines loan={loan} />);
    const table = await screen.findByRole('table', { name: 'Multas del préstamo' });
    const { dialog } = await openCancel(table);
    await userEvent.click(dialog.getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("says 'Sin multas' when the loan has none", async () => {
    session.start(agentLogin);
    mockServer(({ url }) => (url.pathname === feesPath ? ok(200, []) : undefined));
    renderWithProviders(<LoanFines loan={loan} />);
    expect(await screen.findByText('Sin multas')).toBeInTheDocument();
  });
});
