import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../lib/session.ts';
import { adminLogin } from '../test/fixtures.ts';
import { json, mockServer } from '../test/utils.tsx';
import { LoginScreen } from './LoginScreen.tsx';

/** The administrator's login reply, under the address the form is filled with. */
const reply = { ...adminLogin, username: 'ana.gomez@example.com' };

/** The Login a first visit gets (src/main.tsx): no router, so leaving it is the entry's `navigate`. */
describe('Login on its own', () => {
  it("signs in, then hands over to the back office at Customers behind 'Cargando...'", async () => {
    mockServer(({ url }) => (url.pathname === '/api/v1/auth/login' ? json(200, reply) : undefined));
    const navigate = vi.fn();
    render(<LoginScreen navigate={navigate} />);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Iniciar sesión');
    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'Ana.Gomez@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'secreto123{Enter}');

    expect(await screen.findByText('Cargando...')).toBeInTheDocument();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/admin/customers', { replace: true });
    expect(session.get()?.user.username).toBe('ana.gomez@example.com');
  });

  it("'Crear cuenta' is a real link that the entry follows without reloading the page", async () => {
    mockServer(({ url }) =>
      url.pathname === '/api/v1/auth/register'
        ? json(200, { status: 'OK', data: { open: true } })
        : undefined,
    );
    const navigate = vi.fn();
    render(<LoginScreen navigate={navigate} />);

    const link = await screen.findByRole('link', { name: 'Crear cuenta' });
    expect(link).toHaveAttribute('href', '/auth/register');
    await userEvent.click(link);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/auth/register');
  });
});
