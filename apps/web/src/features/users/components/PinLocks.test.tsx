import type { PinLock, User } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { openRowMenu, pickRowAction } from '../../../test/table.ts';
import { json, mockServer, renderRoutes, type SeenRequest } from '../../../test/utils.tsx';
import { PinLockNotices } from './PinLockNotices.tsx';
import { RESET_LINK_LABEL as RESET } from './ResetLinkDialog.tsx';
import { UserList } from './UserList.tsx';

const burst = {
  // 12:00:30 to 12:45:30 in Mexico City (UTC−6), the business clock.
  since: '2025-03-03T18:00:30.000Z',
  at: '2025-03-03T18:45:30.000Z',
  failedAttempts: 20,
  addresses: 4,
  loans: 1,
};
const agent: User = {
  id: '0190a0c0-0000-7000-8000-0000000000a1',
  num: 1002,
  name: 'Ana',
  lastName: 'Agente',
  username: 'ana@prestaya.mx',
  roles: ['ROLE_USER'],
  status: 'A',
  createdOn: '2025-01-10T15:00:00.000Z',
  pinBurst: burst,
};
const other: User = {
  ...agent,
  id: '0190a0c0-0000-7000-8000-0000000000a2',
  num: 1003,
  name: 'Beto',
  pinBurst: null,
};
const typo: User = { ...other, id: '0190a0c0-0000-7000-8000-0000000000a3', num: 1004, name: 'Carla' };

const burstReport: PinLock = {
  userId: agent.id,
  num: agent.num,
  name: agent.name,
  lastName: agent.lastName,
  lockedUntil: null,
  loans: 0,
  addresses: 0,
  burst,
};
const pairLock: PinLock = {
  userId: typo.id,
  num: typo.num,
  name: 'Carla',
  lastName: 'Agente',
  lockedUntil: '2025-03-03T18:15:30.000Z',
  loans: 1,
  addresses: 1,
  burst: null,
};
const BURST_TEXT =
  '20 PIN incorrectos desde 4 direcciones en 1 préstamo, del 03/03/2025 12:00 pm al 03/03/2025 12:45 pm. ' +
  'No se bloqueó al usuario; si no fue él, cambie su PIN.';
const NOTICE = `Usuario 1002 (Ana Agente): ${BURST_TEXT}`;

/** The server: the users list, the locks in force (until unlocked) and the unlock. */
function serve() {
  let locks = [burstReport, pairLock];
  return mockServer(({ method, url }: SeenRequest) => {
    if (url.pathname === '/api/v1/users/pin-locks') return json(200, { status: 'OK', data: locks });
    if (url.pathname === '/api/v1/users')
      return json(200, {
        data: [agent, other, typo],
        page: 1,
        size: 10,
        totalDocuments: 3,
        totalPages: 1,
        totalCapped: false,
      });
    const unlock = /^\/api\/v1\/users\/([^/]+)\/unlock-pin$/.exec(url.pathname);
    if (method === 'POST' && unlock) {
      const id = unlock[1];
      const found = locks.find((lock) => lock.userId === id);
      locks = locks.filter((lock) => lock.userId !== id);
      return json(200, { status: 'OK', data: { userId: id, num: found?.num ?? 0, wasLocked: !!found } });
    }
    return undefined;
  });
}

const unlockCalls = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname);

describe('PIN lock notices and Desbloquear PIN', { timeout: 20_000 }, () => {
  it('the notice names the user with a burst of wrong PINs (not a one-loan lock); its button unlocks after confirmation', async () => {
    const { requests } = serve();
    const routes: RouteObject[] = [{ path: '/', element: <PinLockNotices /> }];
    renderRoutes(routes, '/');
    const notice = (await screen.findByText(NOTICE)).closest('[role="alert"]') as HTMLElement;
    expect(notice).toBeInTheDocument();
    expect(within(notice).getByText('Intentos de PIN sospechosos')).toBeInTheDocument();
    expect(screen.queryByText(/usuario 1004/)).not.toBeInTheDocument();

    await userEvent.click(within(notice).getByRole('button', { name: 'Desbloquear PIN del usuario 1002' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Desbloquear PIN' }));
    expect(
      dialog.getByText(
        /¿Desbloquear el PIN del usuario 1002 \(Ana Agente\)\? Podrá autorizar pagos de inmediato/,
      ),
    ).toBeInTheDocument();
    // Cancelar sends nothing.
    await userEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(unlockCalls(requests)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Desbloquear PIN del usuario 1002' }));
    const again = within(await screen.findByRole('dialog', { name: 'Desbloquear PIN' }));
    await userEvent.click(again.getByRole('button', { name: 'Desbloquear' }));
    expect(await screen.findByText('PIN desbloqueado')).toBeInTheDocument();
    expect(unlockCalls(requests)).toEqual([`/api/v1/users/${agent.id}/unlock-pin`]);
    await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument());
  });

  it("Usuarios shows the notice, a badge saying what happened and when on that user only, and offers 'Desbloquear PIN' in the rows of locked users only", async () => {
    const { requests } = serve();
    renderRoutes([{ path: '/admin/users', element: <UserList /> }], '/admin/users');
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    await within(table).findByText('Beto');
    const badges = within(table).getAllByLabelText(/^Intentos de PIN: /);
    expect(badges.map((badge) => badge.getAttribute('aria-label'))).toEqual([
      `Intentos de PIN: ${BURST_TEXT}`,
    ]);
    const rowOf = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((row) => within(row).queryByText(name)) as HTMLElement;
    /** The row's menu items; the menu is closed again (Escape) before returning. */
    const menuOf = async (name: string) => {
      const { items } = await openRowMenu(rowOf(name));
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      return items;
    };
    expect(within(rowOf('Ana')).getByLabelText(/^Intentos de PIN: /)).toBeInTheDocument();
    expect(await menuOf('Beto')).toEqual(['Editar', 'Cerrar sesiones', RESET]);
    // A lock of one loan or address only (no notice) is unlocked from the row.
    expect(await menuOf('Carla')).toEqual(['Editar', 'Cerrar sesiones', RESET, 'Desbloquear PIN']);
    await pickRowAction(rowOf('Carla'), 'Desbloquear PIN');
    const dialog = within(await screen.findByRole('dialog', { name: 'Desbloquear PIN' }));
    expect(dialog.getByText(/usuario 1004 \(Carla Agente\)/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Desbloquear' }));
    expect(await screen.findByText('PIN desbloqueado')).toBeInTheDocument();
    expect(unlockCalls(requests)).toEqual([`/api/v1/users/${typo.id}/unlock-pin`]);
    // The list of locks is read again: the row no longer offers it.
    await waitFor(async () => expect(await menuOf('Carla')).toEqual(['Editar', 'Cerrar sesiones', RESET]));
  });
});
