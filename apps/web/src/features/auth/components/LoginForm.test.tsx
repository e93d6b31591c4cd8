import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEY, session } from '../../../lib/session.ts';
import { adminLogin } from '../../../test/fixtures.ts';
import { json, mockServer, problem, renderRoutes } from '../../../test/utils.tsx';
import { FORGOT_PASSWORD_HELP } from './forgot-password-help.ts';
import { LoginForm } from './LoginForm.tsx';

/** The administrator's login reply, under the address the form is filled with. */
const reply = { ...adminLogin, username: 'ana.gomez@example.com' };

function renderLogin() {
  return renderRoutes(
    [
      { path: '/auth/login', element: <LoginForm /> },
      { path: '/admin/customers', element: <h1>Pantalla de clientes</h1> },
    ],
    '/auth/login',
  );
}

const LOGIN_PATH = '/api/v1/auth/login';
const sentLogins = <R extends { url: URL }>(requests: R[]) =>
  requests.filter((r) => r.url.pathname === LOGIN_PATH);

const email = () => screen.getByLabelText('Correo electrónico');
const password = () => screen.getByLabelText('Contraseña');
const FAILED = 'Error iniciando sesión. Usuario y/o contraseña incorrecta';

describe('Login', () => {
  it('sends the e-mail lowercased and trimmed, stores the session under "prestaya" and goes to Customers', async () => {
    const { requests } = mockServer(({ url }) =>
      url.pathname === LOGIN_PATH ? json(200, reply) : undefined,
    );
    const { router } = renderLogin();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Iniciar sesión');
    await userEvent.type(email(), '  Ana.Gomez@Example.COM ');
    await userEvent.type(password(), 'secreto123');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { name: 'Pantalla de clientes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/customers');
    const sent = sentLogins(requests);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.body).toEqual({ username: 'ana.gomez@example.com', password: 'secreto123' });
    expect(sent[0]?.headers.get('authorization')).toBeNull();
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
    const { requests } = mockServer(({ url }) =>
      url.pathname === LOGIN_PATH ? json(200, reply) : undefined,
    );
    renderLogin();
    await userEvent.type(email(), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Ingrese su contraseña')).toBeInTheDocument();

    await userEvent.clear(email());
    await userEvent.type(email(), '   ');
    await userEvent.type(password(), 'secreto123');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Ingrese su correo electrónico')).toBeInTheDocument();
    expect(sentLogins(requests)).toHaveLength(0);
  });

  it("submits with Enter in the password field and shows 'Validando...' while waiting", async () => {
    let answer: (r: Response) => void = () => {};
    const { requests } = mockServer(({ url }) =>
      url.pathname === LOGIN_PATH ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    renderLogin();
    await userEvent.type(email(), 'ana@example.com');
    await userEvent.type(password(), 'secreto123{Enter}');

    const button = await screen.findByRole('button', { name: 'Validando...' });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Entrar' })).not.toBeInTheDocument();
    expect(sentLogins(requests)).toHaveLength(1);

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
    mockServer(({ url }) => (url.pathname === LOGIN_PATH ? json(200, next) : undefined));
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

  it("offers 'Crear cuenta' only while the first administrator can still register", async () => {
    let open = false;
    mockServer(({ url }) =>
      url.pathname === '/api/v1/auth/register' ? json(200, { status: 'OK', data: { open } }) : undefined,
    );
    const closed = renderLogin();
    await waitFor(() => expect(closed.queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('link', { name: 'Crear cuenta' })).not.toBeInTheDocument();
    closed.unmount();

    open = true;
    renderLogin();
    expect(await screen.findByRole('link', { name: 'Crear cuenta' })).toHaveAttribute(
      'href',
      '/auth/register',
    );
  });

  it('explains how to recover a forgotten password: an administrator sends a reset link', async () => {
    mockServer(() => undefined);
    const { router } = renderLogin();
    await userEvent.click(screen.getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Olvidaste tu contraseña?' });
    expect(dialog).toHaveTextContent(FORGOT_PASSWORD_HELP);
    expect(dialog).toHaveTextContent(/Pide a un administrador un enlace de restablecimiento/);
    expect(dialog).toHaveTextContent(/vence a las 24 horas y sirve una sola vez/);
    await userEvent.click(screen.getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});
