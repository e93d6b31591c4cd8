import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentQueue } from '../lib/offline-queue.ts';
import { STORAGE_KEY, session } from '../lib/session.ts';
import { takenPayment } from '../test/fixtures.ts';
import { json, mockServer, renderRoutes } from '../test/utils.tsx';
import { routes } from './routes.tsx';

const admin = {
  userId: 'u-1',
  roles: ['ROLE_ADMIN'],
  name: 'Ana',
  lastName: 'Gómez',
  username: 'ana@example.com',
  access_token: 'token-1',
};

const emptyPage = { data: [], page: 1, size: 10, totalDocuments: 0, totalPages: 0, totalCapped: false };

/** Loads every lazy screen once so that the first test does not pay for the module transforms. */
async function preload(list: RouteObject[]): Promise<void> {
  for (const route of list) {
    if (typeof route.lazy === 'function') await route.lazy();
    if (route.children) await preload(route.children);
  }
}

describe('routes', () => {
  beforeAll(() => preload(routes), 30_000);

  it('sends /auth to Login and shows a friendly 404 for unknown paths', async () => {
    mockServer(() => undefined);
    const { router } = renderRoutes(routes, '/auth');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');

    await router.navigate('/no-existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
  });

  it('sends an unauthenticated visit of /admin to Login', async () => {
    mockServer(() => undefined);
    const { router } = renderRoutes(routes, '/admin/users');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('sends an authenticated visit of Login to Customers', async () => {
    mockServer(() => undefined);
    session.start(admin);
    const { router } = renderRoutes(routes, '/auth/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customers'));
    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeInTheDocument();
  });

  it('shows the admin layout: full name, role-based sidebar, active entry, logout', async () => {
    const { requests } = mockServer(({ url }) =>
      url.pathname === '/api/v1/users' ? json(200, emptyPage) : undefined,
    );
    session.start(admin);
    const { router } = renderRoutes(routes, '/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('user-full-name')).toHaveTextContent('Ana Gómez');

    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual([
      'Dashboard',
      'Clientes',
      'Cobranza',
      'Corte de caja',
      'Préstamos',
      'Usuarios',
      'Pagos',
      'Cuentas',
      'Conciliación',
      'Cartera castigada',
      'Productos',
      'PLD',
      'Importar',
      'Auditoría',
      'Respaldos',
      'Configuración',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(nav).getByRole('link', { name: 'Usuarios' }));
    expect(await screen.findByRole('heading', { name: 'Usuarios' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Usuarios' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    expect(await screen.findByText('Sesión finalizada')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    // The server ends the session too, so a copy of the token stops working.
    const logout = requests.find((request) => request.url.pathname === '/api/v1/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('authorization')).toBe(`Bearer ${admin.access_token}`);
  });

  it('shows only Dashboard, Clientes, Cobranza and Corte de caja to an agent and guards admin screens', async () => {
    mockServer(() => undefined);
    session.start({ ...admin, roles: ['ROLE_USER'] });
    renderRoutes(routes, '/admin/users');
    expect(await screen.findByRole('heading', { name: 'Acceso restringido' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Clientes', 'Cobranza', 'Corte de caja']);
  });

  it("'Cerrar Sesión' with payments not yet sent asks first, then erases them with the session", async () => {
    mockServer(({ url }) => {
      // No signal: the server's logout cannot be reached, the device signs out all the same.
      if (url.pathname === '/api/v1/auth/logout') throw new TypeError('Failed to fetch');
      return url.pathname === '/api/v1/customers' ? json(200, emptyPage) : undefined;
    });
    session.start(admin);
    await paymentQueue.enqueue(takenPayment(1, { agentId: admin.userId }));
    // No signal: the payment stays queued instead of being sent.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { router } = renderRoutes(routes, '/admin/customers');
    await screen.findByRole('heading', { name: 'Clientes' });

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar sesión?' });
    expect(dialog).toHaveTextContent('Hay 1 cobro sin enviar en este teléfono.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Seguir en la sesión' }));
    expect(session.isAuthenticated()).toBe(true);
    expect(await paymentQueue.list(admin.userId)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión y borrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(session.isAuthenticated()).toBe(false);
    await waitFor(async () => expect(await paymentQueue.list(admin.userId)).toEqual([]));
  });

  it("covers the page with 'Cargando...' while a mutation is in progress", async () => {
    mockServer(() => new Promise<Response>(() => {}));
    renderRoutes(routes, '/auth/login');
    await userEvent.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'secreto123');
    expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Cargando...')).toBeInTheDocument();
  });
});
