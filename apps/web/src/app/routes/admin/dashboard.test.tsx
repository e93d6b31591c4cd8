import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { adminLogin } from '../../../test/fixtures.ts';
import { json, mockServer, renderRoutes } from '../../../test/utils.tsx';
import { Component as DashboardRoute } from './dashboard.tsx';

const login = (roles: string[]) => ({ ...adminLogin, roles });

const lock = {
  userId: '0190a0c0-0000-7000-8000-0000000000a1',
  num: 1002,
  name: 'Beto',
  lastName: 'Agente',
  lockedUntil: null,
  loans: 0,
  addresses: 0,
  burst: {
    since: '2025-03-03T18:00:30.000Z',
    at: '2025-03-03T18:45:30.000Z',
    failedAttempts: 20,
    addresses: 4,
    loans: 1,
  },
};

/** The reports are left unanswered (404): only the notice matters here. */
function serve() {
  return mockServer(({ url }) =>
    url.pathname === '/api/v1/users/pin-locks' ? json(200, { status: 'OK', data: [lock] }) : undefined,
  );
}

describe('Dashboard route: the notice of a burst of wrong PINs', { timeout: 20_000 }, () => {
  it('administrators see it above the dashboard, with Desbloquear PIN', async () => {
    session.start(login(['ROLE_ADMIN']));
    serve();
    renderRoutes([{ path: '/admin/dashboard', element: <DashboardRoute /> }], '/admin/dashboard');
    expect(
      await screen.findByText(
        'Usuario 1002 (Beto Agente): 20 PIN incorrectos desde 4 direcciones en 1 préstamo, del 03/03/2025 ' +
          '12:00 pm al 03/03/2025 12:45 pm. No se bloqueó al usuario; si no fue él, cambie su PIN.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desbloquear PIN del usuario 1002' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('agents neither see it nor ask for it', async () => {
    session.start(login(['ROLE_USER']));
    const { requests } = serve();
    renderRoutes([{ path: '/admin/dashboard', element: <DashboardRoute /> }], '/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(requests.map((r) => r.url.pathname)).not.toContain('/api/v1/users/pin-locks');
    expect(screen.queryByText(/PIN incorrectos/)).not.toBeInTheDocument();
  });
});
