import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api.ts';
import { filenameFromDisposition } from '../lib/download.ts';
import { session } from '../lib/session.ts';
import { readRowsPage } from '../test/catalog-fixtures.ts';
import { json, mockServer, params, problem, renderWithProviders } from '../test/utils.tsx';
import { CatalogTable, type ColumnDef, type Paged, type PageParams } from './CatalogTable/index.ts';
import { ExportCsvButton } from './ExportCsvButton.tsx';

interface Row {
  id: string;
  num: number;
  name: string;
}
const columns: ColumnDef<Row>[] = [
  { header: 'No.', accessor: 'num', sortable: true },
  { header: 'Nombre', accessor: 'name' },
];
const rows: Paged<Row> = {
  data: [{ id: 'a', num: 7, name: 'Ana Núñez' }],
  page: 1,
  size: 10,
  totalDocuments: 1,
  totalPages: 1,
  totalCapped: false,
};
const CSV = '\uFEFFNo.,Nombre\r\n7,Ana Núñez\r\n';
const EXPORT_PATH = '/api/v1/things/export.csv';

function csvReply(disposition: string | null) {
  const headers: Record<string, string> = { 'content-type': 'text/csv; charset=utf-8' };
  if (disposition) headers['content-disposition'] = disposition;
  return new Response(CSV, { status: 200, headers });
}

/** What the browser was asked to save: the blob behind the object URL and the link's name. */
function captureSaves() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

beforeEach(() => {
  session.start({
    userId: 'u-1',
    roles: ['ROLE_ADMIN'],
    name: 'Ana',
    lastName: 'Admin',
    access_token: 'tok-9',
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ExportCsvButton', { timeout: 20_000 }, () => {
  it("exports the table's current search, filter and order, with the token, saved under the server's name", async () => {
    const saved = captureSaves();
    const { requests } = mockServer(({ url }) => {
      if (url.pathname === '/api/v1/things') return json(200, rows);
      if (url.pathname === EXPORT_PATH) return csvReply('attachment; filename="cosas-2025-03-14.csv"');
      return undefined;
    });
    renderWithProviders(
      <CatalogTable<Row>
        listId="things"
        title="Cosas"
        queryKey={['things']}
        fetchPage={(p: PageParams) => api.get('/api/v1/things', readRowsPage, { ...p })}
        columns={columns}
        searchable
        filterOptions={[{ value: 'ACTIVE', text: 'Activo' }]}
        filterLabel="Estatus"
        exportCsv={{ path: EXPORT_PATH, query: { extra: 'x' } }}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Cosas' });
    await within(table).findByText('Ana Núñez');

    await userEvent.type(screen.getByRole('textbox', { name: 'Buscar' }), 'Núñez{enter}');
    await userEvent.click(screen.getByRole('combobox', { name: 'Estatus' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Activo' }));
    await userEvent.click(within(table).getByRole('button', { name: /^No\./ }));
    await waitFor(() =>
      expect(params(requests.at(-1)?.url)).toMatchObject({ orderBy: 'num', q: 'ACTIVE', query: 'Núñez' }),
    );
    const listOrder = params(requests.at(-1)?.url).order;

    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));

    const exportRequest = requests.find((r) => r.url.pathname === EXPORT_PATH);
    expect(params(exportRequest?.url)).toEqual({
      extra: 'x',
      query: 'Núñez',
      q: 'ACTIVE',
      orderBy: 'num',
      order: listOrder,
    });
    expect(exportRequest?.headers.get('authorization')).toBe('Bearer tok-9');
    expect(saved[0]?.name).toBe('cosas-2025-03-14.csv');
    // The bytes are saved as received: the BOM and the accents survive.
    const bytes = new Uint8Array(await (saved[0]?.blob ?? new Blob()).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('Ana Núñez');
  });

  it('shows a loading state while the file downloads', async () => {
    captureSaves();
    let release: (r: Response) => void = () => {};
    mockServer(() => new Promise<Response>((resolve) => (release = resolve)));
    renderWithProviders(<ExportCsvButton path={EXPORT_PATH} />);
    const button = screen.getByRole('button', { name: 'Descargar CSV' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    release(csvReply('attachment; filename="x.csv"'));
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
  });

  it('uses the fallback name when the server names no file', async () => {
    const saved = captureSaves();
    mockServer(() => csvReply(null));
    renderWithProviders(<ExportCsvButton path={EXPORT_PATH} fallbackName="clientes.csv" />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['clientes.csv']));
  });

  it("toasts the server's Spanish detail on failure and saves nothing", async () => {
    const saved = captureSaves();
    mockServer(() => problem(403, 'No tiene permiso para esta operación'));
    renderWithProviders(<ExportCsvButton path={EXPORT_PATH} />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect(await screen.findByText('No tiene permiso para esta operación')).toBeInTheDocument();
    expect(screen.getByText('No se pudo descargar el CSV')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeEnabled();
  });
});

describe('filenameFromDisposition', () => {
  it('prefers filename*, unquotes filename and never returns a path', () => {
    expect(filenameFromDisposition('attachment; filename="clientes-2025-01-02.csv"')).toBe(
      'clientes-2025-01-02.csv',
    );
    expect(
      filenameFromDisposition(`attachment; filename="prestamos.csv"; filename*=UTF-8''pr%C3%A9stamos.csv`),
    ).toBe('préstamos.csv');
    expect(filenameFromDisposition('attachment; filename=pagos.csv')).toBe('pagos.csv');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
