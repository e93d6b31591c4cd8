import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderCatalog } from '../../test/catalog.tsx';
import { columns, page, type Row, rows } from '../../test/catalog-fixtures.ts';
import { json, mockServer } from '../../test/utils.tsx';
import type { ColumnDef } from './types.ts';

// jsdom's matchMedia (src/test/setup.ts) reads innerWidth: a 360 px phone.
const desktopWidth = window.innerWidth;
beforeEach(() => {
  window.innerWidth = 360;
});
afterEach(() => {
  window.innerWidth = desktopWidth;
});

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => [
      cell.querySelector('.catalog-label')?.textContent ?? null,
      cell.querySelector('.catalog-value')?.textContent ?? cell.textContent,
    ]);

describe('CatalogTable on a phone', () => {
  it('stacks each row as label and value lines, the columns hidden on a phone included, actions beside', async () => {
    mockServer(() => json(200, page(rows)));
    const onEdit = vi.fn();
    const withWide: ColumnDef<Row>[] = [
      ...columns.slice(0, 3),
      { header: 'Préstamo', accessor: 'loans', elementProp: 'num', visibleFrom: 'md' },
      { header: 'Resumen', accessor: 'name', hiddenFrom: 'sm' },
      ...columns.slice(4),
    ];
    renderCatalog({ columns: withWide, onEdit, onAdd: vi.fn(), addLabel: 'Registrar' });
    const table = await screen.findByRole('table', { name: 'Cosas' });
    await within(table).findByText('Ana Gómez Ruiz');
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(cellsOf(first)).toEqual([
      ['No.', '7'],
      ['Nombre', 'Ana Gómez Ruiz'],
      ['Monto', '$12,345.50'],
      ['Préstamo', '1001'],
      ['Estatus', 'Activo'],
      [null, ''],
    ]);
    expect(within(first).getAllByRole('cell').at(-1)).toHaveAttribute('data-actions');
    expect(within(first).getByRole('button', { name: 'Acciones' })).toBeInTheDocument();
    // The add button stands above the cards: a card list has no header row to hold it.
    const add = screen.getByRole('button', { name: 'Registrar' });
    expect(table).not.toContainElement(add);
    await userEvent.click(add);
  });

  it('shows only the columns declared key when a list declares them', async () => {
    mockServer(() => json(200, page(rows)));
    const keyed = columns.map((column) => ({ ...column, key: ['Nombre', 'Monto'].includes(column.header) }));
    renderCatalog({ columns: keyed });
    const table = await screen.findByRole('table', { name: 'Cosas' });
    await within(table).findByText('Ana Gómez Ruiz');
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(cellsOf(first)).toEqual([
      ['Nombre', 'Ana Gómez Ruiz'],
      ['Monto', '$12,345.50'],
    ]);
  });
});
