import type { AmlCase, AmlMatch } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { adminLogin } from '../../../test/fixtures.ts';
import { json, mockServer, params, renderWithProviders, type SeenRequest } from '../../../test/utils.tsx';
import { AmlScreen } from './AmlScreen.tsx';

// 'PLD' lists a page of cards at a time, with the catalog table's footer: the total, 'Filas por
// página' and the pagination.

const uuid = (n: number, tag: string) =>
  `0190a0c0-0000-7000-8000-${tag}${String(n).padStart(12 - tag.length, '0')}`;
const customer = (n: number) => ({
  id: uuid(n, 'c'),
  num: n,
  name: `Cliente${n}`,
  lastName: 'Prueba',
  secondLastName: null,
  curp: 'GOMJ800101HDFRRN09',
});

const matchOf = (n: number): AmlMatch => ({
  id: uuid(n, 'a'),
  kind: 'NAME',
  status: 'OPEN',
  matchedValue: `cliente${n} prueba`,
  foundOn: '2026-03-18T18:00:00.000Z',
  reportDueOn: '2026-03-19T18:00:00.000Z',
  overdue: false,
  customer: customer(n),
  blockedPerson: {
    name: `PRUEBA, CLIENTE${n}`,
    curp: null,
    rfc: null,
    list: 'UIF',
    listedOn: null,
    importName: 'UIF marzo',
  },
  resolution: null,
  resolvedOn: null,
  resolvedBy: null,
});

const caseOf = (n: number): AmlCase => ({
  id: uuid(n, 'b'),
  status: 'OPEN',
  customer: customer(n),
  payment: null,
  description: `Depósitos fraccionados ${n}`,
  openedOn: '2026-03-18T18:00:00.000Z',
  openedBy: { name: 'Alma', lastName: 'Admin' },
  conclusion: null,
  closedOn: null,
  closedBy: null,
});

/** The page `page` of `size` of `rows`, as the server answers it. */
function pageReply<T>(rows: T[], url: URL) {
  const page = Number(url.searchParams.get('page'));
  const size = Number(url.searchParams.get('size'));
  return json(200, {
    data: rows.slice((page - 1) * size, page * size),
    page,
    size,
    totalDocuments: rows.length,
    totalPages: Math.ceil(rows.length / size),
    totalCapped: false,
  });
}

const pagesOf = (requests: SeenRequest[], path: string) =>
  requests.filter((r) => r.method === 'GET' && r.url.pathname === path).map((r) => params(r.url));

const cardNames = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label') ?? '');

describe("'PLD' pages", { timeout: 20_000 }, () => {
  it("shows 'Coincidencias' a page at a time and refreshes the page after a resolve", async () => {
    session.start(adminLogin);
    let open = Array.from({ length: 12 }, (_, i) => matchOf(i + 1));
    const { requests } = mockServer(({ method, url }) => {
      if (url.pathname === '/api/v1/aml/matches')
        return pageReply(url.searchParams.get('status') === 'OPEN' ? open : [], url);
      const resolved = url.pathname.match(/^\/api\/v1\/aml\/matches\/(.+)\/resolve$/);
      if (resolved && method === 'PUT') {
        const match = open.find((m) => m.id === resolved[1]);
        open = open.filter((m) => m.id !== resolved[1]);
        return json(200, { status: 'OK', data: { ...match, status: 'RESOLVED', resolution: 'Homónimo' } });
      }
      return undefined;
    });
    renderWithProviders(<AmlScreen />);
    expect(await screen.findByText('Mostrando 1–10 de 12')).toBeInTheDocument();
    expect(cardNames()).toHaveLength(10);
    expect(cardNames()[0]).toBe('Coincidencia de Cliente1 Prueba');
    expect(pagesOf(requests, '/api/v1/aml/matches')).toEqual([{ status: 'OPEN', page: '1', size: '10' }]);

    // The keyboard reaches the pagination: 'Página siguiente' with Enter.
    screen.getByRole('button', { name: 'Página siguiente' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Mostrando 11–12 de 12')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Coincidencia de Cliente11 Prueba', 'Coincidencia de Cliente12 Prueba']);
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');

    // A resolve reloads the page shown, which now holds one card less.
    const resolve = async (name: string) => {
      const card = screen.getByRole('article', { name: `Coincidencia de ${name}` });
      await userEvent.click(within(card).getByRole('button', { name: 'Resolver' }));
      const dialog = await screen.findByRole('dialog', { name: `Resolver la coincidencia de ${name}` });
      await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Homónimo');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Resolver' }));
    };
    await resolve('Cliente11 Prueba');
    expect(await screen.findByText('Mostrando 11–11 de 11')).toBeInTheDocument();
    expect(pagesOf(requests, '/api/v1/aml/matches').at(-1)).toEqual({
      status: 'OPEN',
      page: '2',
      size: '10',
    });

    // The last card of the last page resolved: the page is gone, the list shows the one before.
    await resolve('Cliente12 Prueba');
    expect(await screen.findByText('Mostrando 1–10 de 10')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Paginación' })).not.toBeInTheDocument();
    expect(screen.queryByText('No hay coincidencias pendientes.')).not.toBeInTheDocument();

    // Another status starts at its page 1; an empty list says so, with no footer.
    await userEvent.click(screen.getByText('Resueltas', { exact: true }));
    expect(await screen.findByText('No hay coincidencias resueltas.')).toBeInTheDocument();
    expect(pagesOf(requests, '/api/v1/aml/matches').at(-1)).toEqual({
      status: 'RESOLVED',
      page: '1',
      size: '10',
    });
    expect(screen.queryByText(/^Mostrando/)).not.toBeInTheDocument();
  });

  it("pages 'Casos' with the size picked in 'Filas por página'", async () => {
    session.start(adminLogin);
    const cases = Array.from({ length: 30 }, (_, i) => caseOf(i + 1));
    const { requests } = mockServer(({ url }) => {
      if (url.pathname === '/api/v1/aml/matches') return pageReply([], url);
      if (url.pathname === '/api/v1/aml/cases') return pageReply(cases, url);
      return undefined;
    });
    renderWithProviders(<AmlScreen />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Casos' }));
    expect(await screen.findByText('Mostrando 1–10 de 30')).toBeInTheDocument();
    expect(pagesOf(requests, '/api/v1/aml/cases')).toEqual([{ page: '1', size: '10' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await screen.findByText('Mostrando 21–30 de 30')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Caso de Cliente21 Prueba' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Filas por página' }));
    await userEvent.click(await screen.findByRole('option', { name: '25' }));
    expect(await screen.findByText('Mostrando 1–25 de 30')).toBeInTheDocument();
    expect(pagesOf(requests, '/api/v1/aml/cases').at(-1)).toEqual({ page: '1', size: '25' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25));
  });
});
