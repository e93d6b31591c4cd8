import { TRIVIAL_PIN_MESSAGE } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { agentUser } from '../../../test/fixtures.ts';
import { expectRefusal, json, mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { UserDialog } from './UserDialog.tsx';

const existing = agentUser({ num: 1001 });
const DUPLICATE = 'Ya existe un usuario con ese correo';

async function dialog() {
  return within(await screen.findByRole('dialog', { name: 'Registro de Usuario' }));
}

async function fillNewUser(d: ReturnType<typeof within>) {
  await userEvent.type(d.getByLabelText(/^Nombre/), 'Ana');
  await userEvent.type(d.getByLabelText(/^Apellidos/), 'Gómez');
  await userEvent.type(d.getByLabelText(/^Usuario/), ' Ana@Example.com ');
  await userEvent.type(d.getByLabelText(/^Contraseña/), 'secreto123');
  await userEvent.type(d.getByLabelText(/^PIN/), '4826');
  await userEvent.click(d.getByRole('checkbox', { name: 'Agente' }));
}

describe('user dialog', () => {
  it('keeps Guardar disabled until the form is valid, then creates the user', async () => {
    const { requests } = mockServer(({ method }) =>
      method === 'POST' ? json(201, { status: 'OK', data: { ...existing, name: 'Ana' } }) : undefined,
    );
    const onClose = vi.fn();
    renderWithProviders(<UserDialog opened userId={null} onClose={onClose} />);
    const d = await dialog();
    const save = d.getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();
    expect(d.queryByLabelText('Estatus')).not.toBeInTheDocument();

    await userEvent.type(d.getByLabelText(/^Nombre/), 'Ana');
    expect(save).toBeDisabled();
    await fillNewUserRest(d);
    await waitFor(() => expect(save).toBeEnabled());

    await userEvent.click(save);
    expect(await screen.findByText('Usuario creado correctamente!')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url.pathname).toBe('/api/v1/users');
    expect(requests[0]?.body).toEqual({
      name: 'Ana',
      lastName: 'Gómez',
      username: 'ana@example.com',
      password: 'secreto123',
      pin: '4826',
      roles: ['ROLE_USER'],
      status: 'A',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('validates the PIN on blur with the Spanish messages (shape, then trivial PINs)', async () => {
    mockServer(() => undefined);
    renderWithProviders(<UserDialog opened userId={null} onClose={() => {}} />);
    const d = await dialog();
    const pin = d.getByLabelText(/^PIN/);
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(pin, '12');
    await userEvent.tab();
    expect(await d.findByText('El PIN debe ser de 4 a 6 dígitos')).toBeInTheDocument();
    await userEvent.type(pin, '34');
    await waitFor(() => expect(d.queryByText('El PIN debe ser de 4 a 6 dígitos')).not.toBeInTheDocument());
    // 1234 has the right shape but is a run: refused with the contracts' message.
    expect(await d.findByText(TRIVIAL_PIN_MESSAGE)).toBeInTheDocument();
    await userEvent.clear(pin);
    await userEvent.type(pin, '4826');
    await waitFor(() => expect(d.queryByText(TRIVIAL_PIN_MESSAGE)).not.toBeInTheDocument());
    await userEvent.clear(pin);
    await userEvent.type(pin, '12a4');
    expect(await d.findByText('El PIN debe ser de 4 a 6 dígitos')).toBeInTheDocument();
  });

  it('keeps the dialog open with the data and shows the server detail when creation fails', async () => {
    mockServer(() => problem(409, `username: ${DUPLICATE}`, [{ field: 'username', message: DUPLICATE }]));
    const onClose = vi.fn();
    renderWithProviders(<UserDialog opened userId={null} onClose={onClose} />);
    const d = await dialog();
    await fillNewUser(d);
    await userEvent.click(d.getByRole('button', { name: 'Guardar' }));
    await expectRefusal('Error creando el usuario!', `username: ${DUPLICATE}`, onClose);
    expect(d.getByLabelText(/^Nombre/)).toHaveValue('Ana');
    const username = d.getByLabelText(/^Usuario/);
    expect(username).toHaveValue('Ana@Example.com');
    // On the field itself, where the e-mail is corrected, not only in the toast.
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription(expect.stringContaining(DUPLICATE));
  });

  it('asks before closing with unsaved changes, and closes at once without them', async () => {
    mockServer(() => undefined);
    const onClose = vi.fn();
    renderWithProviders(<UserDialog opened userId={null} onClose={onClose} />);
    const d = await dialog();
    await userEvent.click(d.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    await userEvent.type(d.getByLabelText(/^Nombre/), 'Ana');
    await userEvent.click(d.getByRole('button', { name: 'Cerrar' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Cambios sin guardar' }));
    await userEvent.click(ask.getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cambios sin guardar' })).not.toBeInTheDocument(),
    );
    expect(d.getByLabelText(/^Nombre/)).toHaveValue('Ana');
    expect(onClose).toHaveBeenCalledTimes(1);

    await userEvent.click(d.getByRole('button', { name: 'Cancelar' }));
    const again = within(await screen.findByRole('dialog', { name: 'Cambios sin guardar' }));
    await userEvent.click(again.getByRole('button', { name: 'Salir sin guardar' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('edits a user: Guardar disabled until changed, empty password and PIN are not sent', async () => {
    const { requests } = mockServer(({ method, url }) => {
      if (url.pathname !== `/api/v1/users/${existing.id}`) return undefined;
      if (method === 'GET') return json(200, { status: 'OK', data: existing });
      if (method === 'PUT') return json(200, { status: 'OK', data: existing });
      return undefined;
    });
    renderWithProviders(<UserDialog opened userId={existing.id} onClose={() => {}} />);
    const d = await dialog();
    const name = await d.findByLabelText(/^Nombre/);
    expect(name).toHaveValue('Luis');
    expect(d.getAllByText('Déjelo vacío para conservar el actual')).toHaveLength(2);
    expect(d.getByRole('checkbox', { name: 'Agente' })).toBeChecked();
    expect(d.getByRole('checkbox', { name: 'Administrador' })).not.toBeChecked();
    const save = d.getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();

    await userEvent.clear(name);
    await userEvent.type(name, 'Luis Alberto');
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(d.getByRole('checkbox', { name: 'Agente' }));
    expect(await d.findByText('Seleccione al menos un tipo de usuario')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.click(d.getByRole('checkbox', { name: 'Administrador' }));
    await waitFor(() => expect(save).toBeEnabled());

    await userEvent.click(save);
    expect(await screen.findByText('Usuario actualizado!')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'Luis Alberto',
      lastName: 'Pérez',
      username: 'luis@example.com',
      roles: ['ROLE_ADMIN'],
      status: 'A',
    });
  });
});

async function fillNewUserRest(d: ReturnType<typeof within>) {
  await userEvent.type(d.getByLabelText(/^Apellidos/), 'Gómez');
  await userEvent.type(d.getByLabelText(/^Usuario/), ' Ana@Example.com ');
  await userEvent.type(d.getByLabelText(/^Contraseña/), 'secreto123');
  await userEvent.type(d.getByLabelText(/^PIN/), '4826');
  expect(d.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  await userEvent.click(d.getByRole('checkbox', { name: 'Agente' }));
}
