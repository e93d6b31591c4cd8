import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { agentUser } from '../../../test/fixtures.ts';
import { headersOf, openRowMenu, rowIn } from '../../../test/table.ts';
import { json, mockServer, problem, renderWithProviders, type SeenRequest } from '../../../test/utils.tsx';
import { UserList } from './UserList.tsx';

const ADMIN_ID = '0190a0c0-0000-7000-8000-0000000000a1';
const luis = agentUser();
const cancelled = {
  ...luis,
  id: '0190a0c0-0000-7000-8000-0000000000bb',
  num: 1003,
  name: 'Berta',
  status: 'CANCELLED',
};
const admin = { ...luis, id: ADMIN_ID, num: 1001, name: 'Ana', lastName: 'Admin', roles: ['ROLE_ADMIN'] };

const page = {
  data: [admin, luis, cancelled],
  page: 1,
  size: 10,
  totalDocuments: 3,
  totalPages: 1,
  totalCapped: false,
};
const revokeUrl = (id: string) => `/api/v1/users/${id}/revoke-sessions`;
const revokes = (requests: SeenRequest[]) =>
  requests.filter((r) => r.url.pathname.endsWith('/revoke-sessions'));

const menuOf = async (name: string) => within((await openRowMenu(await rowIn('Usuarios', name))).menu);

// Ana (the admin row) is signed in; the list marks her own row.
beforeEach(() =>
  session.start({
    userId: ADMIN_ID,
    roles: ['ROLE_ADMIN'],
    name: 'Ana',
    lastName: 'Admin',
    username: 'a@x.mx',
    access_token: 't',
  }),
);
afterEach(() => session.clear());

describe("UserList 'Cerrar sesiones'", { timeout: 20_000 }, () => {
  it('asks for confirmation, then closes the sessions of that user and says so', async () => {
    const { requests } = mockServer(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/v1/users') return json(200, page);
      if (method === 'POST' && url.pathname === revokeUrl(luis.id))
        return json(200, { status: 'OK', data: luis });
      return undefined;
    });
    renderWithProviders(<UserList />);

    const menu = await menuOf('Luis');
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Editar',
      'Cerrar sesiones',
      'Generar enlace de restablecimiento',
    ]);
    await userEvent.click(menu.getByRole('menuitem', { name: 'Cerrar sesiones' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cerrar sesiones' }));
    expect(dialog.getByText(/Se cerrarán todas las sesiones de/)).toHaveTextContent(
      'Se cerrarán todas las sesiones de Luis Pérez (luis@example.com) en todos sus dispositivos; tendrá que iniciar sesión de nuevo con su contraseña.',
    );
    expect(revokes(requests)).toEqual([]); // nothing is sent before the confirmation

    await userEvent.click(dialog.getByRole('button', { name: 'Cerrar sesiones' }));
    expect(await screen.findByText('Se cerraron las sesiones de Luis Pérez')).toBeInTheDocument();
    expect(revokes(requests).map((r) => [r.method, r.url.pathname])).toEqual([['POST', revokeUrl(luis.id)]]);
    expect(revokes(requests)[0]?.headers.get('authorization')).toBe('Bearer t');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cerrar sesiones' })).not.toBeInTheDocument(),
    );
  });

  it('Cancelar sends nothing; the own row warns that this session ends too; a cancelled user has no action', async () => {
    const { requests } = mockServer(({ method, url }) =>
      method === 'GET' && url.pathname === '/api/v1/users' ? json(200, page) : undefined,
    );
    renderWithProviders(<UserList />);

    await userEvent.click((await menuOf('Ana')).getByRole('menuitem', { name: 'Cerrar sesiones' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cerrar sesiones' }));
    expect(dialog.getByText(/Esto incluye su sesión actual\./)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cerrar sesiones' })).not.toBeInTheDocument(),
    );

    const menu = await menuOf('Berta');
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Editar']);
    expect(revokes(requests)).toEqual([]);
  });

  it("shows the server's detail when the user no longer exists", async () => {
    mockServer(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/v1/users') return json(200, page);
      if (method === 'POST' && url.pathname === revokeUrl(luis.id))
        return problem(404, 'Usuario no encontrado');
      return undefined;
    });
    renderWithProviders(<UserList />);
    await userEvent.click((await menuOf('Luis')).getByRole('menuitem', { name: 'Cerrar sesiones' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cerrar sesiones' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cerrar sesiones' }));
    expect(await screen.findByText('Usuario no encontrado')).toBeInTheDocument();
    expect(screen.getByText('No se pudieron cerrar las sesiones')).toBeInTheDocument();
  });
});

describe('UserList columns', { timeout: 20_000 }, () => {
  it("shows each user's roles as 'Tipo de usuario' in Spanish", async () => {
    const both = {
      ...luis,
      id: '0190a0c0-0000-7000-8000-0000000000cc',
      name: 'Carla',
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
    };
    mockServer(({ method, url }) =>
      method === 'GET' && url.pathname === '/api/v1/users'
        ? json(200, { ...page, data: [admin, luis, both], totalDocuments: 3 })
        : undefined,
    );
    renderWithProviders(<UserList />);
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    await rowIn('Usuarios', 'Luis');
    expect(headersOf(table)).toEqual([
      'No. Usuario',
      'Nombre',
      'Apellidos',
      'Usuario',
      'Tipo de usuario',
      'Estatus',
      'Agregar',
    ]);
    const roleOf = async (name: string) =>
      (await rowIn('Usuarios', name)).querySelectorAll('td')[4]?.textContent;
    expect(await roleOf('Ana')).toBe('Administrador');
    expect(await roleOf('Luis')).toBe('Agente');
    expect(await roleOf('Carla')).toBe('Administrador, Agente');
  });
});
