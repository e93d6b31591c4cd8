import { LIST_COUNT_CAP } from '@prestaya/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderCatalog } from '../../test/catalog.tsx';
import { page, rows } from '../../test/catalog-fixtures.ts';
import { json, mockServer, params, type SeenRequest } from '../../test/utils.tsx';
import { pageSizeKey } from './page-size.ts';

// Page size memory and the date filter: what a loan officer sets once and expects to find again.

/** A list of 120 rows (the same two on every page); the totals follow the size asked for. */
function serveMany() {
  return mockServer(({ url }) => {
    if (url.pathname !== '/api/v1/things') return undefined;
    const size = Number(url.searchParams.get('size'));
    const n = Number(url.searchParams.get('page'));
    return json(200, { ...page(rows, n, Math.ceil(120 / size), 120), size });
  });
}

const listRequests = (requests: SeenRequest[]) => requests.filter((r) => r.url.pathname === '/api/v1/things');
const lastList = (requests: SeenRequest[]) => params(listRequests(requests).at(-1)?.url);

async function pickSize(size: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Filas por página' }));
  await userEvent.click(await screen.findByRole('option', { name: size }));
}

describe('CatalogTable page size', () => {
  it('offers 10, 25, 50 and 100 rows, asks for the one picked from page 1, and remembers it', async () => {
    const { requests } = serveMany();
    const { unmount } = renderCatalog();
    await screen.findByText('Ana Gómez Ruiz');
    expect(lastList(requests)).toMatchObject({ page: '1', size: '10' });
    expect(screen.getByRole('combobox', { name: 'Filas por página' })).toHaveValue('10');

    await userEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(lastList(requests).page).toBe('3'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Filas por página' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '10',
      '25',
      '50',
      '100',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(lastList(requests)).toMatchObject({ page: '1', size: '50' }));
    expect(await screen.findByText('Mostrando 1–2 de 120')).toBeInTheDocument();
    expect(localStorage.getItem(pageSizeKey('things'))).toBe('50');

    // Back on the screen later: the very first request already asks for 50.
    unmount();
    requests.length = 0;
    renderCatalog();
    await screen.findByText('Ana Gómez Ruiz');
    expect(listRequests(requests).map((r) => params(r.url).size)).toEqual(['50']);
  });

  it('remembers the size per list', async () => {
    const { requests } = serveMany();
    localStorage.setItem(pageSizeKey('things'), '100');
    renderCatalog({ listId: 'others', queryKey: ['others'] });
    await screen.findByText('Ana Gómez Ruiz');
    expect(lastList(requests).size).toBe('10');
    await pickSize('25');
    await waitFor(() => expect(lastList(requests).size).toBe('25'));
    expect(localStorage.getItem(pageSizeKey('others'))).toBe('25');
    expect(localStorage.getItem(pageSizeKey('things'))).toBe('100');
  });

  it("reads a stored size the list does not offer as the list's default, and offers its own default", async () => {
    const { requests } = serveMany();
    localStorage.setItem(pageSizeKey('things'), '5000');
    renderCatalog({ pageSize: 20 });
    await screen.findByText('Ana Gómez Ruiz');
    expect(lastList(requests).size).toBe('20');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filas por página' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '10',
      '20',
      '25',
      '50',
      '100',
    ]);
  });
});

describe('CatalogTable date filter', () => {
  it('sends Desde/Hasta as from/to from page 1, to the list and to the CSV, and clears them', async () => {
    const { requests } = serveMany();
    renderCatalog({ dateFilter: true, exportCsv: { path: '/api/v1/things/export.csv' } });
    await screen.findByText('Ana Gómez Ruiz');
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(lastList(requests).page).toBe('2'));

    await userEvent.type(screen.getByRole('textbox', { name: 'Desde' }), '01/03/2025');
    await userEvent.type(screen.getByRole('textbox', { name: 'Hasta' }), '31/03/2025');
    await userEvent.click(screen.getByRole('heading', { name: 'Cosas' }));
    await waitFor(() =>
      expect(lastList(requests)).toEqual({
        page: '1',
        size: '10',
        order: 'asc',
        from: '2025-03-01',
        to: '2025-03-31',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/api/v1/things/export.csv')).toBe(true),
    );
    const exported = requests.find((r) => r.url.pathname === '/api/v1/things/export.csv');
    expect(params(exported?.url)).toEqual({ order: 'asc', from: '2025-03-01', to: '2025-03-31' });

    await userEvent.click(screen.getByRole('button', { name: 'Quitar fechas' }));
    await waitFor(() => expect(lastList(requests)).toEqual({ page: '1', size: '10', order: 'asc' }));
    expect(screen.queryByRole('button', { name: 'Quitar fechas' })).not.toBeInTheDocument();
  });

  it('has no date pickers unless the list asks for them', async () => {
    serveMany();
    renderCatalog();
    await screen.findByText('Ana Gómez Ruiz');
    expect(screen.queryByRole('textbox', { name: 'Desde' })).not.toBeInTheDocument();
  });
});

describe('CatalogTable capped total', () => {
  it("reads a capped total as 'más de 10,000' and still pages forward", async () => {
    const { requests } = mockServer(({ url }) => {
      if (url.pathname !== '/api/v1/things') return undefined;
      const n = Number(url.searchParams.get('page'));
      return json(200, page(rows, n, LIST_COUNT_CAP / 10, LIST_COUNT_CAP, true));
    });
    renderCatalog();
    expect(await screen.findByText('Mostrando 1–2 de más de 10,000')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(lastList(requests).page).toBe('2'));
    expect(await screen.findByText('Mostrando 11–12 de más de 10,000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Página 1000' }));
    await waitFor(() => expect(lastList(requests).page).toBe('1000'));
    expect(await screen.findByText('Mostrando 9,991–9,992 de más de 10,000')).toBeInTheDocument();
  });

  it('writes an exact total with thousands separators', async () => {
    mockServer(({ url }) =>
      url.pathname === '/api/v1/things' ? json(200, page(rows, 1, 124, 1234)) : undefined,
    );
    renderCatalog();
    expect(await screen.findByText('Mostrando 1–2 de 1,234')).toBeInTheDocument();
    expect(screen.queryByText(/más de/)).not.toBeInTheDocument();
  });
});
