import type { BookImportDetails } from '@prestaya/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { adminLogin } from '../../../test/fixtures.ts';
import { mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { DryRunResult } from './DryRunResult.tsx';

const checked: BookImportDetails = {
  id: '0190a0c0-0000-7000-8000-0000000000b1',
  fileName: 'cartera.xlsx',
  status: 'CHECKED',
  mode: null,
  totalRows: 5,
  validRows: 4,
  rejectedRows: 1,
  alreadyImported: 0,
  newCustomers: 4,
  newLoans: 4,
  problemCount: 1,
  importedCustomers: 0,
  importedLoans: 0,
  createdOn: '2026-03-18T18:00:00.000Z',
  finishedOn: null,
  createdBy: null,
  problems: [{ row: 4, column: 'M', field: 'codigo_postal', message: 'Código Postal debe ser de 5 dígitos' }],
};

const lines = (...events: unknown[]) =>
  new Response(events.map((event) => `${JSON.stringify(event)}\n`).join(''), {
    status: 200,
    headers: { 'content-type': 'application/x-ndjson' },
  });

describe("'Importar': the dry run and the run", { timeout: 20_000 }, () => {
  it('lists the problems, offers only the valid rows and shows the run to its end', async () => {
    session.start(adminLogin);
    const { requests } = mockServer(({ method, url }) => {
      if (url.pathname === `/api/v1/imports/${checked.id}/run` && method === 'POST') {
        const done = { ...checked, status: 'DONE', mode: 'VALID', importedCustomers: 4, importedLoans: 4 };
        return lines(
          { type: 'progress', processed: 0, total: 4 },
          { type: 'progress', processed: 4, total: 4 },
          { type: 'done', import: done },
        );
      }
      return undefined;
    });
    renderWithProviders(<DryRunResult checked={checked} />);
    const table = screen.getByRole('table', { name: 'Problemas por fila' });
    expect(within(table).getByText('Código Postal debe ser de 5 dígitos')).toBeInTheDocument();
    expect(within(table).getByText('M · codigo_postal')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Solo las filas válidas/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText(/Se importaron 4 clientes y 4 préstamos/)).toBeInTheDocument();
    expect(screen.getByText('4 de 4 filas')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ mode: 'VALID' });
  });

  it('says why a run that failed while writing wrote nothing', async () => {
    session.start(adminLogin);
    const detail =
      'Otra importación escribió algunas de estas filas al mismo tiempo; revise el archivo de nuevo';
    mockServer(({ method }) =>
      method === 'POST'
        ? lines({ type: 'progress', processed: 0, total: 4 }, { type: 'error', status: 409, detail })
        : undefined,
    );
    renderWithProviders(<DryRunResult checked={checked} />);
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.queryByText(/Se importaron/)).not.toBeInTheDocument();
  });
});
