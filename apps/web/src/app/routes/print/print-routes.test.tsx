import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detailsOf, ok, PAYMENT_ID } from '../../../features/payments/test/fixtures.ts';
import { session } from '../../../lib/session.ts';
import { json, mockServer, renderRoutes } from '../../../test/utils.tsx';
import { routes } from '../../routes.tsx';

const login = (roles: string[]) => ({
  userId: 'u-1',
  roles,
  name: 'Ana',
  lastName: 'Gómez',
  username: 'ana@example.com',
  access_token: 'token-1',
});

describe('print routes', { timeout: 30_000 }, () => {
  it('render the receipt alone, without the admin shell', async () => {
    session.start(login(['ROLE_ADMIN']));
    mockServer(({ url }) =>
      url.pathname === `/api/v1/payments/${PAYMENT_ID}/details` ? json(200, ok(detailsOf())) : undefined,
    );
    renderRoutes(routes, `/admin/print/payments/${PAYMENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Recibo de pago' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cerrar Sesión' })).not.toBeInTheDocument();
  });

  it("print an agent's payment receipt too: the server answers only for their payments", async () => {
    session.start(login(['ROLE_USER']));
    mockServer(({ url }) =>
      url.pathname === `/api/v1/payments/${PAYMENT_ID}/details` ? json(200, ok(detailsOf())) : undefined,
    );
    renderRoutes(routes, `/admin/print/payments/${PAYMENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Recibo de pago' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Acceso restringido' })).not.toBeInTheDocument();
  });

  it('send a visitor without a session to Login', async () => {
    mockServer(() => undefined);
    const { router } = renderRoutes(routes, `/admin/print/loans/${PAYMENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});
