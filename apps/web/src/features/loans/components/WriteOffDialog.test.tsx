import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { adminLogin, loanIn, ok } from '../test/fixtures.ts';
import { WriteOffDialog } from './WriteOffDialog.tsx';

const loan = loanIn('DELAYED');
const path = `/api/v1/loans/${loan.id}/write-off`;

function open(onClose = vi.fn()) {
  renderWithProviders(<WriteOffDialog loan={loan} onClose={onClose} />);
  return onClose;
}

describe("'Castigar préstamo'", { timeout: 20_000 }, () => {
  it('says what it does, asks why with the contract’s bounds, and sends the reason', async () => {
    session.start(adminLogin);
    const { requests } = mockServer(({ method, url }) =>
      method === 'POST' && url.pathname === path ? ok(201, {}) : undefined,
    );
    const onClose = open();
    const dialog = within(await screen.findByRole('dialog', { name: 'Castigar préstamo' }));
    expect(dialog.getByText(/castigar el préstamo No\. 1004 de José Gómez Núñez/)).toBeInTheDocument();
    expect(dialog.getByText(/\$11,000\.00/)).toBeInTheDocument();
    const reason = dialog.getByRole('textbox', { name: /^Motivo/ });
    await userEvent.type(reason, 'no');
    await userEvent.click(dialog.getByRole('button', { name: 'Castigar' }));
    expect(await dialog.findByText('El motivo debe tener al menos 3 caracteres')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.type(reason, ' localizable');
    await userEvent.click(dialog.getByRole('button', { name: 'Castigar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ reason: 'no localizable' });
  });

  it("shows the server's refusal: not overdue enough", async () => {
    session.start(adminLogin);
    mockServer(({ method, url }) =>
      method === 'POST' && url.pathname === path
        ? problem(409, 'Solo se puede castigar un préstamo con al menos 90 días de atraso; este tiene 33')
        : undefined,
    );
    open();
    const dialog = within(await screen.findByRole('dialog', { name: 'Castigar préstamo' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Motivo/ }), 'Cliente ilocalizable');
    await userEvent.click(dialog.getByRole('button', { name: 'Castigar' }));
    expect(await screen.findByText('No se pudo castigar el préstamo')).toBeInTheDocument();
    expect(
      screen.getByText('Solo se puede castigar un préstamo con al menos 90 días de atraso; este tiene 33'),
    ).toBeInTheDocument();
  });
});
