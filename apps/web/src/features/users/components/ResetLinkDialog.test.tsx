import type { PasswordResetLink } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format.ts';
import { agentUser } from '../../../test/fixtures.ts';
import { pickRowAction, rowIn } from '../../../test/table.ts';
import { json, mockServer, problem, renderWithProviders, type SeenRequest } from '../../../test/utils.tsx';
import { RESET_LINK_LABEL, RESET_LINK_TITLE, SHOWN_ONCE } from './ResetLinkDialog.tsx';
import { UserList } from './UserList.tsx';

const luis = agentUser();
const page = { data: [luis], page: 1, size: 10, totalDocuments: 1, totalPages: 1, totalCapped: false };
const linkUrl = `/api/v1/users/${luis.id}/password-reset`;
const TOKEN = 'q3Zx9-_Lm2Pw8Rt5Yu1Io4Ka7Sd0Fg6Hj3Kl9Zx2Cvb';
const link = (token = TOKEN): PasswordResetLink => ({
  userId: luis.id,
  path: `/auth/reset/${token}`,
  expiresOn: '2026-03-03T18:00:00.000Z',
});
const generations = (requests: SeenRequest[]) => requests.filter((r) => r.url.pathname === linkUrl);

/** The users list, and a fresh link on every generation (the server never gives one twice). */
function serve(reply: () => Response) {
  return mockServer(({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/v1/users') return json(200, page);
    if (method === 'POST' && url.pathname === linkUrl) return reply();
    return undefined;
  });
}

async function openConfirmation() {
  await pickRowAction(await rowIn('Usuarios', 'Luis'), RESET_LINK_LABEL);
  return within(await screen.findByRole('dialog', { name: RESET_LINK_LABEL }));
}

describe("Usuarios 'Generar enlace de restablecimiento'", () => {
  it('asks first, then shows the full link once with a copy button and its expiry', async () => {
    const user = userEvent.setup();
    const tokens = [TOKEN, 'Second-Token_000000000000000000000000000000'];
    const { requests } = serve(() => json(201, { status: 'OK', data: link(tokens.shift()) }));
    renderWithProviders(<UserList />);

    const confirm = await openConfirmation();
    expect(confirm.getByText(/Se generará un enlace de un solo uso/)).toHaveTextContent(
      'Se generará un enlace de un solo uso, válido por 24 horas, para que Luis Pérez (luis@example.com) ' +
        'asigne una nueva contraseña. Los enlaces anteriores sin usar de este usuario dejarán de funcionar; ' +
        'su contraseña actual sigue sirviendo hasta que use el enlace.',
    );
    expect(generations(requests)).toEqual([]); // nothing before the confirmation
    await user.click(confirm.getByRole('button', { name: 'Generar enlace' }));

    const shown = within(await screen.findByRole('dialog', { name: RESET_LINK_TITLE }));
    const address = `${window.location.origin}/auth/reset/${TOKEN}`;
    expect(shown.getByLabelText('Enlace')).toHaveValue(address);
    expect(shown.getByText(SHOWN_ONCE)).toBeInTheDocument();
    expect(shown.getByText(/^Vence el/)).toHaveTextContent(
      `Vence el ${formatDateTime('2026-03-03T18:00:00.000Z')} y sirve una sola vez.`,
    );
    expect(screen.queryByRole('dialog', { name: RESET_LINK_LABEL })).not.toBeInTheDocument();
    expect(generations(requests)).toHaveLength(1);

    await user.click(shown.getByRole('button', { name: 'Copiar enlace' }));
    expect(await shown.findByRole('button', { name: 'Enlace copiado' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(address);

    // Closed, the link is gone: showing one again means generating another.
    await user.click(shown.getByRole('button', { name: 'Listo' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: RESET_LINK_TITLE })).not.toBeInTheDocument(),
    );
    expect(screen.queryByDisplayValue(address)).not.toBeInTheDocument();
    await user.click((await openConfirmation()).getByRole('button', { name: 'Generar enlace' }));
    const again = within(await screen.findByRole('dialog', { name: RESET_LINK_TITLE }));
    expect(again.getByLabelText('Enlace')).toHaveValue(
      `${window.location.origin}/auth/reset/Second-Token_000000000000000000000000000000`,
    );
    expect(generations(requests)).toHaveLength(2);
  });

  it('Cancelar sends nothing', async () => {
    const { requests } = serve(() => json(201, { status: 'OK', data: link() }));
    renderWithProviders(<UserList />);
    await userEvent.click((await openConfirmation()).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(generations(requests)).toEqual([]);
  });

  it("shows the server's refusal and no link", async () => {
    serve(() => problem(409, 'No se puede generar un enlace para un usuario cancelado; reactívelo primero'));
    renderWithProviders(<UserList />);
    await userEvent.click((await openConfirmation()).getByRole('button', { name: 'Generar enlace' }));
    expect(await screen.findByText('No se pudo generar el enlace')).toBeInTheDocument();
    expect(
      screen.getByText('No se puede generar un enlace para un usuario cancelado; reactívelo primero'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: RESET_LINK_TITLE })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: RESET_LINK_LABEL })).toBeInTheDocument();
  });
});
