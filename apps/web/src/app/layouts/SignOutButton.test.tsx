import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../lib/session.ts';
import { visitQueue } from '../../lib/visit-queue.ts';
import { AGENT_ID, agentLogin } from '../../test/fixtures.ts';
import { mockServer, renderRoutes } from '../../test/utils.tsx';
import { SignOutButton } from './SignOutButton.tsx';

describe("'Cerrar Sesión' with visits still on the phone", () => {
  it('asks first, names the visits, and erases them when confirmed', async () => {
    mockServer(() => undefined);
    session.start(agentLogin);
    await visitQueue.enqueue({
      key: 'visita-0001-abcd',
      agentId: AGENT_ID,
      loanId: 'l1',
      loanNum: 1001,
      customerName: 'Cliente1 Ruiz',
      outcome: 'NOT_HOME',
      visitedAt: '2026-03-18T17:20:00.000Z',
      promisedDate: null,
      promisedAmountCents: null,
      note: null,
    });
    renderRoutes(
      [
        { path: '/', element: <SignOutButton userId={AGENT_ID} /> },
        { path: '/auth/login', element: <p>Login</p> },
      ],
      '/',
    );
    // The device's queue is read when the button mounts (a promise): let it settle.
    await act(async () => {});
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    expect(
      await screen.findByText('Hay 1 visita sin enviar en este teléfono; si cierra la sesión se borrará.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/cobro/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión y borrar' }));
    expect(await screen.findByText('Login')).toBeInTheDocument();
    expect(await visitQueue.list(AGENT_ID)).toEqual([]);
  });
});
