import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RouteObject, useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format.ts';
import { session } from '../../../lib/session.ts';
import { json, mockServer, problem, renderRoutes, type SeenRequest } from '../../../test/utils.tsx';
import { LoginForm } from './LoginForm.tsx';
import {
  CUT_SHORT_HELP,
  CUT_SHORT_TITLE,
  DEAD_LINK_TITLE,
  RESET_DONE,
  ResetPasswordPanel,
} from './ResetPasswordPanel.tsx';

const TOKEN = 'q3Zx9-_Lm2Pw8Rt5Yu1Io4Ka7Sd0Fg6Hj3Kl9Zx2Cvb';
const LINK_API = `/api/v1/auth/password-reset/${TOKEN}`;
const DEAD =
  'Este enlace para restablecer la contraseña no es válido o ya no está vigente. Pide a un administrador uno nuevo.';
const account = {
  name: 'Lucía',
  lastName: 'Núñez',
  username: 'lucia@prestaya.mx',
  expiresOn: '2026-03-03T18:00:00.000Z',
};

function ResetPage() {
  const { token = '' } = useParams();
  return <ResetPasswordPanel token={token} />;
}
const routes: RouteObject[] = [
  { path: '/auth/reset/:token', element: <ResetPage /> },
  { path: '/auth/login', element: <LoginForm /> },
];

/** The link's server: `open` answers the GET, `use` the POST; the login page's registration check. */
function serve({ open, use }: { open: () => Response; use?: () => Response }) {
  return mockServer(({ method, url }) => {
    if (url.pathname === '/api/v1/auth/register') return json(200, { status: 'OK', data: { open: false } });
    if (url.pathname !== LINK_API) return undefined;
    if (method === 'GET') return open();
    return use?.();
  });
}
const opened = () => json(200, { status: 'OK', data: account });
const posts = (requests: SeenRequest[]) => requests.filter((r) => r.method === 'POST');

async function fill(password: string, confirm: string) {
  await userEvent.type(await screen.findByLabelText('Nueva contraseña'), password);
  await userEvent.type(screen.getByLabelText('Confirmar contraseña'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
}

afterEach(() => session.clear());

describe('/auth/reset/:token', () => {
  it('names the account and the expiry, sets the new password, and goes to Login with its username', async () => {
    const { requests } = serve({
      open: opened,
      use: () => json(200, { status: 'OK', data: { username: account.username } }),
    });
    // This browser had a session of the same user: the reset ended it on the server, so it goes here too.
    session.start({ userId: 'u-9', roles: ['ROLE_USER'], ...account, access_token: 'viejo' });
    const { router } = renderRoutes(routes, `/auth/reset/${TOKEN}`);

    expect(await screen.findByText(/Asigna una nueva contraseña a la cuenta de/)).toHaveTextContent(
      `Asigna una nueva contraseña a la cuenta de Lucía Núñez (lucia@prestaya.mx). El enlace vence el ${formatDateTime(account.expiresOn)} y solo se puede usar una vez.`,
    );
    await fill('NuevaClave2026', 'NuevaClave2026');

    expect(await screen.findByText(RESET_DONE)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByLabelText('Correo electrónico')).toHaveValue(account.username);
    const [sent] = posts(requests);
    expect(posts(requests)).toHaveLength(1);
    expect(sent?.body).toEqual({ password: 'NuevaClave2026' });
    expect(sent?.headers.get('authorization')).toBeNull();
    expect(session.isAuthenticated()).toBe(false);
  });

  it('checks both fields with the password rules before sending anything', async () => {
    const { requests } = serve({ open: opened });
    renderRoutes(routes, `/auth/reset/${TOKEN}`);

    await fill('corta', 'corta');
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Nueva contraseña'));
    await userEvent.clear(screen.getByLabelText('Confirmar contraseña'));
    await fill('NuevaClave2026', 'NuevaClave2027');
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(posts(requests)).toEqual([]);
  });

  it('explains a link that no longer works, with no form', async () => {
    serve({ open: () => problem(404, DEAD) });
    renderRoutes(routes, `/auth/reset/${TOKEN}`);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(DEAD_LINK_TITLE)).toBeInTheDocument();
    expect(alert).toHaveTextContent(`${DEAD} Los enlaces vencen a las 24 horas y sirven una sola vez.`);
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('says a link cut short when copied is incomplete, without asking the server', async () => {
    const { requests } = serve({ open: opened });
    renderRoutes(routes, `/auth/reset/${TOKEN.slice(0, 30)}`);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(CUT_SHORT_TITLE)).toBeInTheDocument();
    expect(alert).toHaveTextContent(CUT_SHORT_HELP);
    expect(screen.queryByLabelText('Cargando')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname.startsWith('/api/v1/auth/password-reset'))).toEqual([]);
  });

  it("shows the server's reason when the link was used meanwhile, and stays on the page", async () => {
    serve({ open: opened, use: () => problem(404, DEAD) });
    const { router } = renderRoutes(routes, `/auth/reset/${TOKEN}`);
    await fill('NuevaClave2026', 'NuevaClave2026');
    expect(await screen.findByText('No se pudo cambiar la contraseña')).toBeInTheDocument();
    expect(screen.getByText(DEAD)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/auth/reset/${TOKEN}`);
  });

  it('offers to retry when the link could not be read (too many attempts, no connection)', async () => {
    let reply = () => problem(429, 'Demasiados intentos. Intente de nuevo en un minuto.');
    serve({ open: () => reply() });
    renderRoutes(routes, `/auth/reset/${TOKEN}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Demasiados intentos. Intente de nuevo en un minuto.',
    );
    expect(screen.queryByText(DEAD_LINK_TITLE)).not.toBeInTheDocument();
    reply = opened;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByLabelText('Nueva contraseña')).toBeInTheDocument();
  });
});
