import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/utils.tsx';
import { cellValue, renderCell } from './cells.tsx';
import type { ColumnDef } from './types.ts';

interface Row {
  id: string;
  createdOn: string;
  requestDate: string;
  progress: number;
  customer: { name: string; lastName: string };
  roles: string[];
}

const row: Row = {
  id: 'r1',
  createdOn: '2025-03-07T15:30:00',
  requestDate: '2025-03-07',
  progress: 75,
  customer: { name: 'Ana', lastName: 'Gómez' },
  roles: ['ROLE_ADMIN', 'ROLE_USER'],
};

function show(column: ColumnDef<Row>) {
  renderWithProviders(<div data-testid="cell">{renderCell(row, column)}</div>);
  return screen.getByTestId('cell');
}

describe('catalog cells', () => {
  it('reads dotted paths, concatenations and arrays', () => {
    expect(
      cellValue(row, { header: 'Cliente', accessor: 'customer.name', concat: ['customer.lastName'] }),
    ).toBe('Ana Gómez');
    expect(cellValue(row, { header: 'Roles', accessor: 'roles' })).toBe('ROLE_ADMIN, ROLE_USER');
  });

  it('renders dates and date-times with the product formats', async () => {
    expect(show({ header: 'Fecha', accessor: 'requestDate', type: 'date' })).toHaveTextContent('07/03/2025');
  });

  it('renders a date-time', () => {
    expect(show({ header: 'Alta', accessor: 'createdOn', type: 'datetime' })).toHaveTextContent(
      '07/03/2025 03:30 pm',
    );
  });

  it('renders progress as a percentage with a bar coloured by range', () => {
    const cell = show({
      header: 'Avance',
      accessor: 'progress',
      type: 'progress',
      rangeStyles: [
        { from: 0, to: 50, color: 'red' },
        { from: 50.01, to: 100, color: 'teal' },
      ],
    });
    expect(cell).toHaveTextContent('75%');
    expect(screen.getByRole('progressbar', { name: '75%' })).toHaveAttribute('aria-valuenow', '75');
  });

  it('renders an internal link cell', () => {
    show({ header: 'Préstamo', accessor: 'customer.name', type: 'link', href: (r) => `/loans/${r.id}` });
    expect(screen.getByRole('link', { name: 'Ana' })).toHaveAttribute('href', '/loans/r1');
  });
});
