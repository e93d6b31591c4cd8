import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fetchThings, renderCatalog } from '../../test/catalog.tsx';
import { columns, page, type Row, rows } from '../../test/catalog-fixtures.ts';
import { json, mockServer, params, renderWithProviders } from '../../test/utils.tsx';
import { CatalogTable } from './CatalogTable.tsx';

function nth<T>(list: T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`Falta el elemento ${index}`);
  return item;
}
const bodyRow = (table: HTMLElement, index: number) => nth(within(table).getAllByRole('row'), index + 1);

describe('CatalogTable', () => {
  it('loads the first page on mount, ascending without orderBy, and renders every cell type', async () => {
    const { requests } = mockServer(() => json(200, page(rows)));
    renderCatalog();

    const table = await screen.findByRole('table', { name: 'Cosas' });
    await within(table).findByText('Ana Gómez Ruiz');
    expect(params(requests[0]?.url)).toEqual({ page: '1', size: '10', order: 'asc' });
    for (const header of ['No.', 'Nombre', 'Monto', 'Préstamo', 'Estatus']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const first = bodyRow(table, 0);
    const second = bodyRow(table, 1);
    expect(within(first).getByText('$12,345.50')).toBeInTheDocument();
    expect(within(first).getByText('1001')).toBeInTheDocument();
    expect(within(first).queryByText('1002')).not.toBeInTheDocument();
    expect(within(first).getByText('Activo')).toBeInTheDocument();
    expect(within(second).getByText('Beto Díaz')).toBeInTheDocument();
    expect(within(second).getByText('$500.00')).toBeInTheDocument();
    expect(within(second).getByText('Cancelado')).toBeInTheDocument();
    expect(screen.queryByText('No hay registros para mostrar')).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no records', async () => {
    mockServer(() => json(200, page([], 1, 0, 0)));
    renderCatalog();
    expect(await screen.findByText('No hay registros para mostrar')).toBeInTheDocument();
  });

  it('logs a failed page load and says it failed, not that the list is empty; Reintentar reloads', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockServer(() => (fail ? json(500, { detail: 'Falla' }) : json(200, page(rows))));
    renderCatalog();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar la lista.');
    expect(screen.queryByText('No hay registros para mostrar')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Ana Gómez Ruiz')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('never shows the rows of the previous search under a new one, loading or failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let answerBeto: (reply: Response) => void = () => {};
    mockServer(({ url }) => {
      const query = url.searchParams.get('query');
      if (!query) return json(200, page(rows));
      if (query === 'beto') return new Promise<Response>((resolve) => (answerBeto = resolve));
      return json(404, { detail: 'Sin red' });
    });
    renderCatalog({ searchable: true });
    await screen.findByText('Ana Gómez Ruiz');

    const box = screen.getByPlaceholderText('Buscar');
    await userEvent.type(box, 'beto{Enter}');
    await waitFor(() => expect(screen.queryByText('Ana Gómez Ruiz')).not.toBeInTheDocument());
    expect(screen.queryByText('No hay registros para mostrar')).not.toBeInTheDocument();
    answerBeto(json(200, page([nth(rows, 1)])));
    expect(await screen.findByText('Beto Díaz')).toBeInTheDocument();

    await userEvent.clear(box);
    await userEvent.type(box, 'carla{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar la lista.');
    expect(screen.queryByText('Beto Díaz')).not.toBeInTheDocument();
  });

  it('asks for page 2 from the footer navigation', async () => {
    const { requests } = mockServer(({ url }) => {
      const n = Number(url.searchParams.get('page'));
      return json(200, page(n === 1 ? rows : [{ ...nth(rows, 0), id: 'c', name: 'Carla' }], n, 3, 25));
    });
    renderCatalog();
    await screen.findByText('Ana Gómez Ruiz');
    expect(screen.getByText('Mostrando 1–2 de 25')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await screen.findByText('Carla Gómez Ruiz');
    expect(params(requests.at(-1)?.url)).toMatchObject({ page: '2', size: '10' });

    await userEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(params(requests.at(-1)?.url).page).toBe('3'));
  });

  it('trims the search text, sends it as query and goes back to page 1', async () => {
    const { requests } = mockServer(({ url }) =>
      json(200, page(rows, Number(url.searchParams.get('page')), 3, 25)),
    );
    renderCatalog({ searchable: true, searchPlaceholder: 'Nombre, Apellidos' });
    await screen.findByText('Ana Gómez Ruiz');
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(params(requests.at(-1)?.url).page).toBe('2'));

    const box = screen.getByPlaceholderText('Nombre, Apellidos');
    await userEvent.type(box, '  ana gómez  {Enter}');
    await waitFor(() =>
      expect(params(requests.at(-1)?.url)).toEqual({
        page: '1',
        size: '10',
        order: 'asc',
        query: 'ana gómez',
      }),
    );

    await userEvent.clear(box);
    await userEvent.type(box, ' beto ');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(params(requests.at(-1)?.url).query).toBe('beto'));
  });

  it("sends the filter as q, and 'Todos' sends no q", async () => {
    const { requests } = mockServer(() => json(200, page(rows)));
    renderCatalog({
      filterOptions: [
        { value: 'A', text: 'Activo' },
        { value: 'CANCELLED', text: 'Cancelado' },
      ],
      filterLabel: 'Estatus',
    });
    await screen.findByText('Ana Gómez Ruiz');
    const filter = screen.getByRole('combobox', { name: 'Estatus' });
    expect(filter).toHaveValue('Todos');

    await userEvent.click(filter);
    await userEvent.click(await screen.findByRole('option', { name: 'Cancelado' }));
    await waitFor(() => expect(params(requests.at(-1)?.url)).toMatchObject({ q: 'CANCELLED', page: '1' }));

    await userEvent.click(filter);
    await userEvent.click(await screen.findByRole('option', { name: 'Todos' }));
    await waitFor(() =>
      expect(params(requests.at(-1)?.url)).toEqual({ page: '1', size: '10', order: 'asc' }),
    );
  });

  it('shows the add button in the actions header and extra buttons only when their condition holds', async () => {
    mockServer(() => json(200, page(rows)));
    const onAdd = vi.fn();
    const onEdit = vi.fn();
    const onCancel = vi.fn();
    renderCatalog({
      onAdd,
      onEdit,
      extraButtons: [
        { label: 'Cancelar usuario', onClick: onCancel, condition: (row) => row.status === 'A' },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Cosas' });
    await within(table).findByText('Ana Gómez Ruiz');

    const addButton = within(nth(within(table).getAllByRole('row'), 0)).getByRole('button', {
      name: 'Agregar',
    });
    await userEvent.click(addButton);
    expect(onAdd).toHaveBeenCalledTimes(1);

    const first = bodyRow(table, 0);
    const second = bodyRow(table, 1);
    await userEvent.click(within(first).getByRole('button', { name: 'Acciones' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cancelar usuario' }));
    expect(onCancel).toHaveBeenCalledWith(rows[0]);

    await userEvent.click(within(second).getByRole('button', { name: 'Acciones' }));
    expect(await screen.findByRole('menuitem', { name: 'Editar' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Cancelar usuario' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Editar' }));
    expect(onEdit).toHaveBeenCalledWith(rows[1]);
  });

  it('opens the row menu with the keyboard, moves with arrows and returns focus on Escape', async () => {
    mockServer(() => json(200, page(rows)));
    const onRowClick = vi.fn();
    renderCatalog({
      onEdit: vi.fn(),
      onRowClick,
      extraButtons: [{ label: 'Pagos', onClick: vi.fn() }],
    });
    const table = await screen.findByRole('table', { name: 'Cosas' });
    await within(table).findByText('Ana Gómez Ruiz');
    const trigger = within(nth(within(table).getAllByRole('row'), 1)).getByRole('button', {
      name: 'Acciones',
    });

    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Editar', 'Pagos']);

    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(items).toContain(document.activeElement));
    const before = document.activeElement;
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).not.toBe(before));
    expect(items).toContain(document.activeElement);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    // Opening the menu is not a row click.
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('goes back to page 1 when resetPageKey changes (after an operation)', async () => {
    const { requests } = mockServer(({ url }) =>
      json(200, page(rows, Number(url.searchParams.get('page')), 3, 25)),
    );
    function Harness() {
      const [key, setKey] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setKey((k) => k + 1)}>
            Operar
          </button>
          <CatalogTable<Row>
            listId="things"
            title="Cosas"
            queryKey={['things']}
            fetchPage={fetchThings}
            columns={columns}
            resetPageKey={key}
          />
        </>
      );
    }
    renderWithProviders(<Harness />);
    await screen.findByText('Ana Gómez Ruiz');
    await userEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(params(requests.at(-1)?.url).page).toBe('3'));
    await userEvent.click(screen.getByRole('button', { name: 'Operar' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page'),
    );
    // Page 1 is asked again; page 3 is never asked after the reset.
    await waitFor(() => expect(requests.map((r) => params(r.url).page)).toEqual(['1', '3', '1']));
  });
});
