import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEY, session } from '../../../lib/session.ts';
import { json, mockServer, problem, renderRoutes } from '../../../test/utils.tsx';
import { LoginForm } from './LoginForm.tsx';

const reply = {
  userId: '0190a0c0-0000-7000-8000-000000000001',
  roles: ['ROLE_ADMIN'],
  name: 'Ana',
  lastName: 'Gómez',
  username: 'ana.gomez@example.com',
  access_token: 'token-1',
};

function renderLogin() {
  return renderRoutes(
    [
      { path: '/auth/login', element: <LoginForm /> },
      { path: '/admin/customers', element: <h1>Pantalla de clientes</h1> },
    ],
    '/auth/login',
  );
}

const email = () => screen.getByLabelText('Correo electrónico');
const password = () => screen.getByLabelText('Contraseña');
const FAILED = 'Error iniciando sesión. Usuario y/o contraseña incorrecta';

describe('Login', () => {
  it('sends the e-mail lowercased and trimmed, stores the session under "prestaya" and goes to Customers', async () => {
    const { requests } = mockServer(({ url }) =>
      url.pathname === '/api/v1/auth/login' ? json(200, reply) : undefined,
    );
    const { router } = renderLogin();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Iniciar sesión');
    await userEvent.type(email(), '  Ana.Gomez@Example.COM ');
    await userEvent.type(password(), 'secreto123');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { name: 'Pantalla de clientes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/customers');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({ username: 'ana.gomez@example.com', password: 'secreto123' });
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null')).toEqual({
      token: 'token-1',
      user: {
        id: reply.userId,
        name: 'Ana',
        lastName: 'Gómez',
        username: reply.username,
        roles: ['ROLE_ADMIN'],
      },
    });
    expect(session.token()).toBe('token-1');
  });

  it('sends nothing while either field is empty', async () => {
    const { fetchMock } = mockServer(() => json(200, reply));
    renderLogin();
    await userEvent.type(email(), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Ingrese su contraseña')).toBeInTheDocument();

    await userEvent.clear(email());
    await userEvent.type(email(), '   ');
    await userEvent.type(password(), 'secreto123');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Ingrese su correo electrónico')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("submits with Enter in the password field and shows 'Validando...' while waiting", async () => {
    let answer: (r: Response) => void = () => {};
    const { fetchMock } = mockServer(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderLogin();
    await userEvent.type(email(), 'ana@example.com');
    await userEvent.type(password(), 'secreto123{Enter}');

    const button = await screen.findByRole('button', { name: 'Validando...' });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Entrar' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer(problem(401, 'Credenciales inválidas'));
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it('shows the failure text on 401 and keeps the user signed out', async () => {
    mockServer(() => problem(401, 'Credenciales inválidas'));
    const { router } = renderLogin();
    await userEvent.type(email(), 'ana@example.com');
    await userEvent.type(password(), 'mala');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('rejects a reply without userId or roles as a failed login', async () => {
    const { userId: _u, ...withoutUserId } = reply;
    const { roles: _r, ...withoutRoles } = reply;
    let next: unknown = withoutUserId;
    mockServer(() => json(200, next));
    renderLogin();
    await userEvent.type(email(), 'ana@example.com');
    await userEvent.type(password(), 'secreto123');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);

    next = withoutRoles;
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled());
    expect(screen.getByRole('alert')).toHaveTextContent(FAILED);
    expect(session.isAuthenticated()).toBe(false);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});
