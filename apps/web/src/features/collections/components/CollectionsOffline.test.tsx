import type { CollectionsPage } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readCachedList, writeCachedList } from '../../../lib/offline-db.ts';
import { paymentQueue } from '../../../lib/offline-queue.ts';
import { session, sessionFromReply } from '../../../lib/session.ts';
import { takenPayment } from '../../../test/fixtures.ts';
import { problem, renderWithProviders } from '../../../test/utils.tsx';
import { AGENT_ID, agentLogin, card, collectionsReply, pageOf } from '../test/fixtures.ts';
import { CollectionsScreen, offlineBannerText } from './CollectionsScreen.tsx';

const TODAY_LIST = 'collections:today:all';

function agent() {
  session.start(agentLogin);
  const user = sessionFromReply(agentLogin)?.user;
  if (!user) throw new Error('a valid login');
  return user;
}

/** The phone has no signal: every request fails before reaching a server. */
const noSignal = () => vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

/** Card `n`'s payment, taken on the phone. */
const queued = (n: number) =>
  takenPayment(n, {
    loanId: card(n).loan.id,
    loanNum: card(n).loan.num,
    customerName: `Cliente${n} Ruiz Soto`,
    scheduledPaymentIds: card(n).due.scheduledPayments.map((item) => item.id),
  });

describe("'Cobranza' without signal", { timeout: 20_000 }, () => {
  it('keeps the list it loaded for the signed-in user, and shows it offline with the time it was loaded', async () => {
    const user = agent();
    const page = pageOf([card(1), card(2)]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => collectionsReply(page)),
    );
    const online = renderWithProviders(<CollectionsScreen user={user} />);
    await screen.findByRole('article', { name: /Cliente2/ });
    await waitFor(async () =>
      expect((await readCachedList<CollectionsPage[]>(user.id, TODAY_LIST))?.data).toEqual([page]),
    );
    // Another user finds nothing of this one's.
    expect(await readCachedList('someone-else', TODAY_LIST)).toBeUndefined();
    online.unmount();

    await writeCachedList(user.id, TODAY_LIST, [page], new Date(2026, 2, 18, 9, 41));
    noSignal();
    renderWithProviders(<CollectionsScreen user={user} />);
    expect(await screen.findByRole('article', { name: /Cliente1/ })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /Cliente2/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión · datos del 18/03/2026 de las 09:41');
    expect(screen.getByTestId('to-collect-today')).toHaveTextContent('$3,150.00');

    // The search works on the device's copy.
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Buscar cliente o No. de préstamo' }),
      'cliente2{Enter}',
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: /Cliente1/ })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: /Cliente2/ })).toBeInTheDocument();
  });

  it('says so when the phone has no copy of the list yet', async () => {
    const user = agent();
    noSignal();
    renderWithProviders(<CollectionsScreen user={user} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sin conexiónEste teléfono aún no tiene guardada esta lista. Se cargará en cuanto vuelva la señal.',
    );
  });

  it('shows a payment kept on the phone on its card, and a refusal with Descartar, even when the card left the list', async () => {
    const user = agent();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await writeCachedList(user.id, TODAY_LIST, [pageOf([card(1), card(2)])]);
    await paymentQueue.enqueue(queued(1));
    await paymentQueue.enqueue(queued(3));
    const detail = 'Pago 3 de 12: ya está pagado o en validación';
    // No signal for the list; the one payment that gets through is answered with a refusal.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') return problem(409, detail);
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithProviders(<CollectionsScreen user={user} />);

    const first = await screen.findByRole('article', { name: /Cliente1/ });
    expect(within(first).getByText('Pendiente de enviar')).toBeInTheDocument();
    expect(
      within(first).getByText(/Cobro de \$1,000\.00 tomado a las \d\d:\d\d; se enviará solo/),
    ).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Cobro guardado en el teléfono' })).toBeDisabled();
    expect(
      within(screen.getByRole('article', { name: /Cliente2/ })).getByRole('button', { name: 'Cobrar' }),
    ).toBeEnabled();

    // Card 3 has nothing left due today: its refusal shows where the card would be.
    expect(await paymentQueue.send('key-3')).toEqual({ kind: 'refused', detail });
    const orphan = await screen.findByRole('article', { name: 'Cliente3 Ruiz Soto, préstamo 1003' });
    expect(within(orphan).getByRole('alert')).toHaveTextContent(`El servidor rechazó el cobro`);
    expect(within(orphan).getByRole('alert')).toHaveTextContent(detail);

    await userEvent.click(within(orphan).getByRole('button', { name: 'Descartar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Descartar el cobro rechazado?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: /Cliente3/ })).not.toBeInTheDocument());
    expect((await paymentQueue.list(AGENT_ID)).map((entry) => entry.key)).toEqual(['key-1']);
  });

  it('words the banner with the day only when the copy is from an earlier one', () => {
    expect(offlineBannerText(new Date(2026, 2, 18, 7, 5).toISOString(), new Date(2026, 2, 18, 12, 0))).toBe(
      'Sin conexión · datos de las 07:05',
    );
  });
});
