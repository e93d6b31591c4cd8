import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { account } from '../test/fixtures.ts';
import { AccountDialog } from './AccountDialog.tsx';

const CLABE_MESSAGE = 'La CLABE no es válida (dígito verificador incorrecto)';

async function dialog() {
  return within(await screen.findByRole('dialog', { name: 'Registrar Cuenta' }));
}

// Typing into Mantine inputs is slow in jsdom when the machine is busy.
describe('Registrar Cuenta dialog', { timeout: 20_000 }, () => {
  it('keeps Guardar disabled until valid and changed, checks the CLABE digit, then creates the account', async () => {
    const { requests } = mockServer(({ method }) =>
      method === 'POST' ? json(201, { status: 'OK', data: account }) : undefined,
    );
    const onSaved = vi.fn();
    renderWithProviders(<AccountDialog opened onClose={() => {}} onSaved={onSaved} />);
    const d = await dialog();
    for (const label of ['Nombre', 'Banco', 'No. Tarjeta', 'CLABE', 'Titular', 'Saldo inicial']) {
      expect(d.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    const save = d.getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();

    await userEvent.type(d.getByLabelText(/^Nombre/), 'Caja Principal');
    await userEvent.type(d.getByLabelText(/^Banco/), 'Banamex');
    await userEvent.type(d.getByLabelText(/^Titular/), 'Lucía Núñez');
    await waitFor(() => expect(save).toBeEnabled());

    const clabe = d.getByLabelText(/^CLABE/);
    await userEvent.type(clabe, '002010077777777772');
    await userEvent.tab();
    expect(await d.findByText(CLABE_MESSAGE)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.clear(clabe);
    await userEvent.type(clabe, '002010077777777771');
    await waitFor(() => expect(d.queryByText(CLABE_MESSAGE)).not.toBeInTheDocument());

    const card = d.getByLabelText(/^No\. Tarjeta/);
    await userEvent.type(card, '415231341234567');
    await userEvent.tab();
    expect(await d.findByText('La tarjeta debe ser de 16 dígitos')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.type(card, '8');
    await waitFor(() => expect(d.queryByText('La tarjeta debe ser de 16 dígitos')).not.toBeInTheDocument());

    const balance = d.getByLabelText(/^Saldo inicial/);
    await userEvent.type(balance, '50000.5');
    expect(balance).toHaveValue('$50,000.5');
    await waitFor(() => expect(save).toBeEnabled());

    await userEvent.click(save);
    expect(await screen.findByText('Cuenta creada')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url.pathname).toBe('/api/v1/bank-accounts');
    expect(requests[0]?.body).toEqual({
      name: 'Caja Principal',
      bankName: 'Banamex',
      cardNumber: '4152313412345678',
      clabe: '002010077777777771',
      customerName: 'Lucía Núñez',
      balance: 50_000.5,
    });
    expect(onSaved).toHaveBeenCalled();
  });

  it('shows the required-field messages on blur and sends blank card/CLABE and balance as null/0', async () => {
    const { requests } = mockServer(() => json(201, { status: 'OK', data: account }));
    renderWithProviders(<AccountDialog opened onClose={() => {}} onSaved={() => {}} />);
    const d = await dialog();
    await userEvent.click(d.getByLabelText(/^Nombre/));
    await userEvent.tab();
    expect(await d.findByText('El nombre es requerido')).toBeInTheDocument();
    await userEvent.type(d.getByLabelText(/^Nombre/), 'Caja chica');
    await userEvent.type(d.getByLabelText(/^Banco/), 'Efectivo');
    await userEvent.type(d.getByLabelText(/^Titular/), 'Oficina');
    await userEvent.click(d.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({
      name: 'Caja chica',
      bankName: 'Efectivo',
      cardNumber: null,
      clabe: null,
      customerName: 'Oficina',
      balance: 0,
    });
  });

  it('keeps the dialog open with the data and shows the server detail when creation fails', async () => {
    mockServer(() =>
      problem(400, 'clabe: La CLABE no es válida (dígito verificador incorrecto)', [
        { field: 'clabe', message: CLABE_MESSAGE },
      ]),
    );
    const onSaved = vi.fn();
    renderWithProviders(<AccountDialog opened onClose={() => {}} onSaved={onSaved} />);
    const d = await dialog();
    await userEvent.type(d.getByLabelText(/^Nombre/), 'Caja');
    await userEvent.type(d.getByLabelText(/^Banco/), 'Efectivo');
    await userEvent.type(d.getByLabelText(/^Titular/), 'Oficina');
    await userEvent.click(d.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Error creando cuenta')).toBeInTheDocument();
    expect(
      screen.getByText('clabe: La CLABE no es válida (dígito verificador incorrecto)'),
    ).toBeInTheDocument();
    expect(d.getByText(CLABE_MESSAGE)).toBeInTheDocument();
    expect(d.getByLabelText(/^Nombre/)).toHaveValue('Caja');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
