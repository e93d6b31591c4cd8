import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectRefusal, json, mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { ACCOUNT_ID, account } from '../test/fixtures.ts';
import { AMOUNT_ABOVE_BALANCE, MovementDialog } from './MovementDialog.tsx';

const accountPath = `/api/v1/bank-accounts/${ACCOUNT_ID}`;

/** GET answers the account ($1,000.00 available); PATCH answers `patchReply`. */
function server(patchReply: () => Response) {
  return mockServer(({ method, url }) => {
    if (url.pathname !== accountPath) return undefined;
    if (method === 'GET') return json(200, { status: 'OK', data: account });
    if (method === 'PATCH') return patchReply();
    return undefined;
  });
}

// Typing into Mantine inputs is slow in jsdom when the machine is busy.
describe('Retirar Efectivo / Depositar Efectivo dialogs', { timeout: 20_000 }, () => {
  it('shows the account read-only and refuses an amount above the balance or not above 0', async () => {
    const { requests } = server(() => json(200, { status: 'OK', data: { ...account, balance: 749.5 } }));
    const onDone = vi.fn();
    renderWithProviders(
      <MovementDialog opened kind="withdrawal" account={account} onClose={() => {}} onDone={onDone} />,
    );
    const d = within(await screen.findByRole('dialog', { name: 'Retirar Efectivo' }));
    expect(d.getByLabelText('Cuenta')).toHaveValue('Caja Principal');
    expect(d.getByLabelText('Cuenta')).toHaveAttribute('readonly');
    expect(d.getByLabelText('Saldo disponible')).toHaveValue('$1,000.00');
    expect(d.getByLabelText('Saldo disponible')).toHaveAttribute('readonly');
    const submit = d.getByRole('button', { name: 'Retirar' });
    expect(submit).toBeDisabled();

    const amount = d.getByLabelText(/^Monto/);
    await userEvent.type(amount, '1000.01');
    expect(await d.findByText(AMOUNT_ABOVE_BALANCE)).toBeInTheDocument();
    await userEvent.type(d.getByLabelText(/^Concepto/), 'Gasolina');
    expect(submit).toBeDisabled();

    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    expect(await d.findByText('El monto debe ser mayor a 0')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await userEvent.clear(amount);
    await userEvent.type(amount, '1000');
    await waitFor(() => expect(d.queryByText(AMOUNT_ABOVE_BALANCE)).not.toBeInTheDocument());
    await userEvent.clear(amount);
    await userEvent.type(amount, '250.5');
    await waitFor(() => expect(submit).toBeEnabled());

    await userEvent.click(submit);
    expect(await screen.findByText('Retiro completado')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ withdrawal: 250.5, reason: 'Gasolina' });
    expect(onDone).toHaveBeenCalled();
  });

  it('requires a concept', async () => {
    server(() => json(200, { status: 'OK', data: account }));
    renderWithProviders(
      <MovementDialog opened kind="withdrawal" account={account} onClose={() => {}} onDone={() => {}} />,
    );
    const d = within(await screen.findByRole('dialog', { name: 'Retirar Efectivo' }));
    await userEvent.type(d.getByLabelText(/^Monto/), '10');
    await userEvent.click(d.getByLabelText(/^Concepto/));
    await userEvent.tab();
    expect(await d.findByText('El concepto es requerido')).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Retirar' })).toBeDisabled();
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    server(() => problem(409, 'Saldo insuficiente: disponible $200.00'));
    const onDone = vi.fn();
    renderWithProviders(
      <MovementDialog opened kind="withdrawal" account={account} onClose={() => {}} onDone={onDone} />,
    );
    const d = within(await screen.findByRole('dialog', { name: 'Retirar Efectivo' }));
    await userEvent.type(d.getByLabelText(/^Monto/), '500');
    await userEvent.type(d.getByLabelText(/^Concepto/), 'Pago proveedor');
    await userEvent.click(d.getByRole('button', { name: 'Retirar' }));
    await expectRefusal('Error realizando el retiro', 'Saldo insuficiente: disponible $200.00', onDone);
    expect(d.getByLabelText(/^Monto/)).toHaveValue('$500');
  });

  it('deposits any positive amount, above the balance too', async () => {
    const { requests } = server(() => json(200, { status: 'OK', data: { ...account, balance: 6_000 } }));
    renderWithProviders(
      <MovementDialog opened kind="deposit" account={account} onClose={() => {}} onDone={() => {}} />,
    );
    const d = within(await screen.findByRole('dialog', { name: 'Depositar Efectivo' }));
    expect(d.getByLabelText('Saldo disponible')).toHaveValue('$1,000.00');
    await userEvent.type(d.getByLabelText(/^Monto/), '5000');
    expect(d.getByLabelText(/^Monto/)).toHaveValue('$5,000');
    await userEvent.type(d.getByLabelText(/^Concepto/), 'Aportación');
    await userEvent.click(d.getByRole('button', { name: 'Depositar' }));
    expect(await screen.findByText('Depósito completado')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      deposit: 5_000,
      reason: 'Aportación',
    });
  });

  it('says so when a deposit fails', async () => {
    server(() => problem(400, 'deposit: El monto es demasiado grande'));
    renderWithProviders(
      <MovementDialog opened kind="deposit" account={account} onClose={() => {}} onDone={() => {}} />,
    );
    const d = within(await screen.findByRole('dialog', { name: 'Depositar Efectivo' }));
    await userEvent.type(d.getByLabelText(/^Monto/), '5');
    await userEvent.type(d.getByLabelText(/^Concepto/), 'x');
    await userEvent.click(d.getByRole('button', { name: 'Depositar' }));
    expect(await screen.findByText('Error realizando el depósito')).toBeInTheDocument();
  });
});
