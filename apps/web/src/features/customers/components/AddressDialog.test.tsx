import { MX_STATES } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { ADDRESS_ID, address, CUSTOMER_ID, ok } from '../test/fixtures.ts';
import { AddressDialog } from './AddressDialog.tsx';

type Scope = ReturnType<typeof within>;

async function dialog(name = 'Registrar Dirección') {
  return within(await screen.findByRole('dialog', { name }));
}

async function chooseState(d: Scope, search: string, option: string) {
  const state = d.getByRole('combobox', { name: 'Estado' });
  await userEvent.type(state, search);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillAddress(d: Scope) {
  await userEvent.type(d.getByLabelText(/^Calle/), 'Av. Juárez');
  await userEvent.type(d.getByLabelText(/^No. Exterior/), '120');
  await userEvent.type(d.getByLabelText(/^Colonia/), 'Centro');
  await userEvent.type(d.getByLabelText(/^Ciudad/), 'Querétaro');
  await chooseState(d, 'queretaro', 'Querétaro');
  await userEvent.type(d.getByLabelText(/^Código Postal/), '76000');
}

describe('address dialog', () => {
  it('offers the 32 states by their names and finds them without accents', async () => {
    mockServer(() => undefined);
    renderWithProviders(<AddressDialog opened customerId={CUSTOMER_ID} address={null} onClose={() => {}} />);
    const d = await dialog();
    const state = d.getByRole('combobox', { name: 'Estado' });
    await userEvent.click(state);
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(32);
    expect(MX_STATES).toHaveLength(32);
    expect(screen.getByRole('option', { name: 'Ciudad de México' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Nuevo León' })).toBeInTheDocument();

    await userEvent.type(state, 'nuevo leon');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Nuevo León']),
    );
  });

  it('shows the Spanish messages on blur, including the postal code and the state', async () => {
    mockServer(() => undefined);
    renderWithProviders(<AddressDialog opened customerId={CUSTOMER_ID} address={null} onClose={() => {}} />);
    const d = await dialog();
    const messages: [RegExp, string][] = [
      [/^Calle/, 'La calle es requerida'],
      [/^No. Exterior/, 'El No. Exterior es requerido'],
      [/^Colonia/, 'La Colonia es requerida'],
      [/^Ciudad/, 'La Ciudad es requerida'],
      [/^Código Postal/, 'Código Postal debe ser de 5 dígitos'],
    ];
    for (const [label, message] of messages) {
      d.getByLabelText(label).focus();
      await userEvent.tab();
      expect(await d.findByText(message)).toBeInTheDocument();
    }
    d.getByRole('combobox', { name: 'Estado' }).focus();
    await userEvent.tab();
    expect(await d.findByText('El Estado es requerido')).toBeInTheDocument();

    const postalCode = d.getByLabelText(/^Código Postal/);
    expect(postalCode).toHaveAttribute('inputmode', 'numeric');
    expect(postalCode).toHaveAttribute('maxlength', '5');
    await userEvent.type(postalCode, '7600');
    expect(d.getByText('Código Postal debe ser de 5 dígitos')).toBeInTheDocument();
    await userEvent.type(postalCode, '0');
    await waitFor(() => expect(d.queryByText('Código Postal debe ser de 5 dígitos')).not.toBeInTheDocument());
    // No. Interior is optional.
    d.getByLabelText(/^No. Interior/).focus();
    await userEvent.tab();
    expect(d.getByLabelText(/^No. Interior/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps Guardar disabled until valid, sends the exact state value and closes on save', async () => {
    const { requests } = mockServer(({ method, url }) =>
      method === 'POST' && url.pathname === `/api/v1/customers/${CUSTOMER_ID}/addresses`
        ? ok(201, address)
        : undefined,
    );
    const onClose = vi.fn();
    renderWithProviders(<AddressDialog opened customerId={CUSTOMER_ID} address={null} onClose={onClose} />);
    const d = await dialog();
    const save = d.getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();
    await userEvent.type(d.getByLabelText(/^Calle/), 'Av. Juárez');
    expect(save).toBeDisabled();
    await userEvent.type(d.getByLabelText(/^No. Exterior/), '120');
    await userEvent.type(d.getByLabelText(/^Colonia/), 'Centro');
    await userEvent.type(d.getByLabelText(/^Ciudad/), 'Querétaro');
    await userEvent.type(d.getByLabelText(/^Código Postal/), '76000');
    expect(save).toBeDisabled();
    await chooseState(d, 'quere', 'Querétaro');
    await waitFor(() => expect(save).toBeEnabled());

    await userEvent.click(save);
    expect(await screen.findByText('Dirección creada')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      street: 'Av. Juárez',
      numExterior: '120',
      numInterior: null,
      neighborhood: 'Centro',
      city: 'Querétaro',
      state: 'QUERETARO',
      postalCode: '76000',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("says 'No se pudo registrar la dirección' with the server detail and stays open", async () => {
    mockServer(() => problem(400, 'Datos inválidos', [{ field: 'postalCode', message: 'C.P. inexistente' }]));
    const onClose = vi.fn();
    renderWithProviders(<AddressDialog opened customerId={CUSTOMER_ID} address={null} onClose={onClose} />);
    const d = await dialog();
    await fillAddress(d);
    await userEvent.click(d.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No se pudo registrar la dirección')).toBeInTheDocument();
    expect(screen.getByText('Datos inválidos')).toBeInTheDocument();
    expect(d.getByText('C.P. inexistente')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(d.getByLabelText(/^Calle/)).toHaveValue('Av. Juárez');
  });

  it("edits an address: 'Editar Dirección', Guardar only once changed, PUT to its path", async () => {
    const { requests } = mockServer(({ method }) =>
      method === 'PUT' ? ok(200, { ...address, numInterior: '4B' }) : undefined,
    );
    const onClose = vi.fn();
    renderWithProviders(
      <AddressDialog opened customerId={CUSTOMER_ID} address={address} onClose={onClose} />,
    );
    const d = await dialog('Editar Dirección');
    expect(d.getByLabelText(/^Calle/)).toHaveValue('Av. Juárez');
    expect(d.getByRole('combobox', { name: 'Estado' })).toHaveValue('Querétaro');
    const save = d.getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();
    await userEvent.type(d.getByLabelText(/^No. Interior/), '4B');
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(await screen.findByText('Dirección actualizada')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url.pathname).toBe(`/api/v1/customers/${CUSTOMER_ID}/addresses/${ADDRESS_ID}`);
    expect(put?.body).toMatchObject({ numInterior: '4B', state: 'QUERETARO' });
    expect(onClose).toHaveBeenCalled();
  });
});
