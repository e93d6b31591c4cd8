import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockServer, problem, renderRoutes } from '../../../test/utils.tsx';
import { RegisterPanel } from './RegisterPanel.tsx';

function renderRegister() {
  return renderRoutes(
    [
      { path: '/auth/register', element: <RegisterPanel /> },
      { path: '/auth/login', element: <h1>Pantalla de login</h1> },
    ],
    '/auth/register',
  );
}

describe('Crear cuenta', () => {
  it('only explains that an administrator creates accounts when registration is closed', async () => {
    mockServer(() => json(200, { status: 'OK', data: { open: false } }));
    renderRegister();
    expect(
      await screen.findByText(
        'Las cuentas son creadas por un administrador. Solicita acceso a tu administrador.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Nombre')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('creates the first administrator when open, validating with the contracts schema', async () => {
    const { requests } = mockServer(({ method }) =>
      method === 'GET'
        ? json(200, { status: 'OK', data: { open: true } })
        : json(201, {
            status: 'OK',
            data: { id: 'u1', name: 'Ana', lastName: 'Gómez', username: 'ana@example.com' },
          }),
    );
    const { router } = renderRegister();
    await userEvent.type(await screen.findByLabelText('Nombre'), 'Ana');
    await userEvent.type(screen.getByLabelText('Apellidos'), 'Gómez');
    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'Ana@Example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'corta');
    await userEvent.type(screen.getByLabelText('PIN'), '4826');
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Contraseña'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(
      await screen.findByText('Cuenta de administrador creada. Ya puedes iniciar sesión.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Ana',
      lastName: 'Gómez',
      username: 'ana@example.com',
      password: 'corta12345',
      pin: '4826',
    });
  });

  it('shows the server reason when the registration is refused', async () => {
    let open = true;
    mockServer(({ method }) =>
      method === 'GET'
        ? json(200, { status: 'OK', data: { open } })
        : problem(403, 'Las cuentas son creadas por un administrador'),
    );
    renderRegister();
    await userEvent.type(await screen.findByLabelText('Nombre'), 'Ana');
    await userEvent.type(screen.getByLabelText('Apellidos'), 'Gómez');
    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'secreto123');
    await userEvent.type(screen.getByLabelText('PIN'), '4826');
    open = false;
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Las cuentas son creadas por un administrador')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Las cuentas son creadas por un administrador. Solicita acceso a tu administrador.',
      ),
    ).toBeInTheDocument();
  });
});
