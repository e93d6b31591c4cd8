import type { CollectionsPage } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session, sessionFromReply } from '../../../lib/session.ts';
import { json, mockServer, params, renderWithProviders, type SeenRequest } from '../../../test/utils.tsx';
import {
  adminLogin,
  agentLogin,
  card,
  collectionsReply,
  fine,
  installment,
  pageOf,
  summary,
} from '../test/fixtures.ts';
import { CollectionsScreen } from './CollectionsScreen.tsx';

const PATH = '/api/v1/collections';

function signedIn(login: typeof agentLogin) {
  session.start(login);
  const user = sessionFromReply(login)?.user;
  if (!user) throw new Error('a valid login');
  return user;
}

/** Serves Cobranza pages by tab (and page number), the agents list, and records every request. */
function serve(pages: (request: SeenRequest) => CollectionsPage | Response) {
  return mockServer((request) => {
    if (request.url.pathname === PATH) {
      const reply = pages(request);
      return reply instanceof Response ? reply : collectionsReply(reply);
    }
    // The 'Semana' strip has its own tests (WeekSummary.test.tsx).
    if (request.url.pathname === `${PATH}/summary`) {
      return json(200, {
        week: { from: '2026-03-16', to: '2026-03-22' },
        agents: [],
        page: 1,
        totalAgents: 0,
        totalPages: 0,
      });
    }
    if (request.url.pathname === '/api/v1/agents') {
      return json(200, {
        status: 'OK',
        data: [{ id: 'agent-7', num: 1007, name: 'Rosa', lastName: 'Luna' }],
      });
    }
    return undefined;
  });
}

const cardOf = (name: string) => screen.getByRole('article', { name: new RegExp(name) });
const collectionRequests = (requests: SeenRequest[]) =>
  requests.filter((r) => r.url.pathname === PATH).map((r) => params(r.url));
/** Each different request once, in the order first sent (a tab shown again reloads its list). */
const distinct = (list: Record<string, string>[]) =>
  [...new Set(list.map((entry) => JSON.stringify(entry)))].map((entry) => JSON.parse(entry));

describe("'Cobranza'", { timeout: 20_000 }, () => {
  it('shows the totals, the tab counts and one card per loan: who, where, what is due now and the chip', async () => {
    const user = signedIn(agentLogin);
    const late = card(2, {
      daysLate: 7,
      oldestDueDate: '2026-03-11',
      due: {
        scheduledPayments: [installment(2, '2026-03-11'), installment(3, '2026-03-18')],
        fees: [fine(1), fine(2)],
        total: 0,
      },
    });
    const { requests } = serve(() => pageOf([card(1), late]));
    renderWithProviders(<CollectionsScreen user={user} />);

    expect(await screen.findByRole('heading', { name: 'Cliente1 Ruiz Soto' })).toBeInTheDocument();
    expect(screen.getByTestId('to-collect-today')).toHaveTextContent('$3,150.00');
    expect(screen.getByTestId('collected-today')).toHaveTextContent('$500.00');
    expect(screen.getByRole('tab', { name: 'Hoy (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Esta semana (5)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Atrasados (1)' })).toBeInTheDocument();

    const first = cardOf('Cliente1');
    expect(within(first).getByText('Vence hoy')).toBeInTheDocument();
    expect(within(first).getByText('Col. Centro')).toBeInTheDocument();
    expect(
      within(first).getByText('Av. Juárez 101, Centro, C.P. 06000, Cuauhtémoc, Ciudad de México'),
    ).toBeInTheDocument();
    expect(within(first).getByText('Tel. 5512345671')).toBeInTheDocument();
    expect(within(first).getByTestId('collection-due-total')).toHaveTextContent('$1,000.00');

    const second = cardOf('Cliente2');
    expect(within(second).getByText('Atrasado 7 días')).toBeInTheDocument();
    const lines = within(within(second).getByRole('list', { name: 'Lo que debe ahora' })).getAllByRole(
      'listitem',
    );
    expect(lines.map((line) => line.textContent)).toEqual([
      'Pago 2 de 12 · vence 11/03/2026$1,000.00',
      'Pago 3 de 12 · vence 18/03/2026$1,000.00',
      'Multas pendientes (2)$100.00',
    ]);
    expect(within(second).getByTestId('collection-due-total')).toHaveTextContent('$2,100.00');
    // An agent sees no agent picker, and asks for their own route without naming anyone.
    expect(screen.queryByRole('combobox', { name: 'Agente' })).not.toBeInTheDocument();
    // With signal, the other tabs' first pages are fetched too, so the phone has all three.
    await waitFor(() =>
      expect(collectionRequests(requests)).toEqual([
        { tab: 'today', page: '1', size: '20' },
        { tab: 'week', page: '1', size: '20' },
        { tab: 'overdue', page: '1', size: '20' },
      ]),
    );
  });

  it('opens the phone’s dialer, a WhatsApp reminder and the map of the address in one tap', async () => {
    const user = signedIn(agentLogin);
    serve(() => pageOf([card(1)]));
    renderWithProviders(<CollectionsScreen user={user} />);
    const shown = await screen.findByRole('article', { name: /Cliente1/ });

    expect(within(shown).getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', 'tel:+525512345671');
    const whatsapp = within(shown).getByRole('link', { name: 'WhatsApp' });
    const link = new URL(whatsapp.getAttribute('href') ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('https://wa.me/525512345671');
    expect(link.searchParams.get('text')).toContain(
      `Le recordamos su pago de $1,000.00 del préstamo No. 1001, que vence hoy 18/03/2026. Consulte su estado de cuenta: ${window.location.origin}/loans/${card(1).loan.id}`,
    );
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(within(shown).getByRole('link', { name: 'Mapa' }).getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Av\.%20Ju%C3%A1rez%20101/,
    );
  });

  it('changes tab, searches and loads more pages of the same list', async () => {
    const user = signedIn(agentLogin);
    const { requests } = serve(({ url }) => {
      const { tab, page = '1' } = params(url);
      if (tab === 'week') {
        return page === '1'
          ? pageOf([card(3, { daysLate: -2 })], { totalPages: 2, totalDocuments: 21 })
          : pageOf([card(4, { daysLate: -2 })], { page: 2, totalPages: 2, totalDocuments: 21 });
      }
      return pageOf(params(url).query ? [] : [card(1)]);
    });
    renderWithProviders(<CollectionsScreen user={user} />);
    await screen.findByRole('article', { name: /Cliente1/ });

    await userEvent.click(screen.getByRole('tab', { name: 'Esta semana (5)' }));
    expect(await screen.findByRole('article', { name: /Cliente3/ })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /Cliente1/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByRole('article', { name: /Cliente4/ })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /Cliente3/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Hoy (2)' }));
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Buscar cliente o No. de préstamo' }),
      'Nadie{Enter}',
    );
    expect(
      await screen.findByText('Ningún cliente de esta lista coincide con la búsqueda.'),
    ).toBeInTheDocument();
    expect(distinct(collectionRequests(requests))).toEqual([
      { tab: 'today', page: '1', size: '20' },
      { tab: 'week', page: '1', size: '20' },
      { tab: 'overdue', page: '1', size: '20' },
      { tab: 'week', page: '2', size: '20' },
      { tab: 'today', query: 'Nadie', page: '1', size: '20' },
    ]);
  });

  it('tells an empty route from a failed load, and retries', async () => {
    const user = signedIn(agentLogin);
    let fail = true;
    serve(() =>
      fail
        ? json(500, { detail: 'Falla del servidor' })
        : pageOf([], { summary: summary({ counts: { today: 0, week: 0, overdue: 0 } }) }),
    );
    renderWithProviders(<CollectionsScreen user={user} />);
    expect(
      await screen.findByText(/No se pudo cargar la cobranza\./, {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Nada por cobrar en esta lista.')).toBeInTheDocument();
  });

  it('asks an administrator for an agent first and loads nothing until one is chosen', async () => {
    const user = signedIn(adminLogin);
    const { requests } = serve(() => pageOf([card(1)]));
    renderWithProviders(<CollectionsScreen user={user} />);

    expect(await screen.findByText('Seleccione un agente para ver su ruta de cobranza')).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Agente' });
    await waitFor(() => expect(picker).toHaveFocus());
    expect(screen.queryByRole('tab', { name: /Hoy/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('to-collect-today')).not.toBeInTheDocument();

    // The keyboard alone: type part of the name, take the option with Enter.
    await userEvent.keyboard('Ros');
    await screen.findByRole('option', { name: 'Rosa Luna' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('article', { name: /Cliente1/ })).toBeInTheDocument();
    expect(screen.queryByText('Seleccione un agente para ver su ruta de cobranza')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(distinct(collectionRequests(requests))).toEqual([
        { tab: 'today', agentId: 'agent-7', page: '1', size: '20' },
        { tab: 'week', agentId: 'agent-7', page: '1', size: '20' },
        { tab: 'overdue', agentId: 'agent-7', page: '1', size: '20' },
      ]),
    );
    // The agents come a page at a time: the first by name, then the server's matches of the typing.
    const agentSearches = requests
      .filter((r) => r.url.pathname === '/api/v1/agents')
      .map((r) => params(r.url));
    expect(agentSearches).toEqual([{ size: '20' }, { query: 'Ros', size: '20' }]);
  });

  it('shows every agent’s route, with each card’s agent, only when chosen explicitly', async () => {
    const user = signedIn(adminLogin);
    const { requests } = serve(() => pageOf([card(1)]));
    renderWithProviders(<CollectionsScreen user={user} />);

    await userEvent.click(await screen.findByRole('combobox', { name: 'Agente' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Todos los agentes' }));
    const shown = await screen.findByRole('article', { name: /Cliente1/ });
    expect(within(shown).getByText('Préstamo No. 1001 · Luis Pérez')).toBeInTheDocument();
    await waitFor(() =>
      expect(distinct(collectionRequests(requests))).toEqual([
        { tab: 'today', page: '1', size: '20' },
        { tab: 'week', page: '1', size: '20' },
        { tab: 'overdue', page: '1', size: '20' },
      ]),
    );
  });
});
