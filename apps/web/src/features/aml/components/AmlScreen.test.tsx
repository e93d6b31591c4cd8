import type { AmlMatch } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { adminLogin } from '../../../test/fixtures.ts';
import { json, mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { AmlScreen } from './AmlScreen.tsx';

const ok = (data: unknown) => json(200, { status: 'OK', data });
/** A paged list's reply holding every row on page 1. */
const onePage = (data: unknown[]) =>
  json(200, { data, page: 1, size: 10, totalDocuments: data.length, totalPages: 1, totalCapped: false });

const match: AmlMatch = {
  id: '0190a0c0-0000-7000-8000-0000000000a1',
  kind: 'NAME',
  status: 'OPEN',
  matchedValue: 'gomez jose',
  foundOn: '2026-03-18T18:00:00.000Z',
  reportDueOn: '2026-03-19T18:00:00.000Z',
  overdue: true,
  customer: {
    id: '0190a0c0-0000-7000-8000-0000000000c1',
    num: 7,
    name: 'José',
    lastName: 'Gómez',
    secondLastName: null,
    curp: 'GOMJ800101HDFRRN09',
  },
  blockedPerson: {
    name: 'GOMEZ, JOSE',
    curp: null,
    rfc: null,
    list: 'UIF',
    listedOn: '2026-03-01',
    importName: 'UIF marzo',
  },
  resolution: null,
  resolvedOn: null,
  resolvedBy: null,
};

describe("'PLD'", { timeout: 20_000 }, () => {
  it('shows an overdue match and resolves it with a reason checked by the contract', async () => {
    session.start(adminLogin);
    const { requests } = mockServer(({ method, url, body }) => {
      if (url.pathname === '/api/v1/aml/matches')
        return onePage(url.searchParams.get('status') === 'OPEN' ? [match] : []);
      if (url.pathname === `/api/v1/aml/matches/${match.id}/resolve` && method === 'PUT')
        return ok({ ...match, status: 'RESOLVED', resolution: (body as { reason: string }).reason });
      return undefined;
    });
    renderWithProviders(<AmlScreen />);
    const card = await screen.findByRole('article', { name: 'Coincidencia de José Gómez' });
    expect(within(card).getByText(/^Reporte vencido /)).toBeInTheDocument();
    expect(card).toHaveTextContent('Coincide por Nombre con GOMEZ, JOSE (UIF, 01/03/2026)');
    await userEvent.click(within(card).getByRole('button', { name: 'Resolver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolver la coincidencia de José Gómez' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolver' }));
    expect(await within(dialog).findByText('El motivo es requerido')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Homónimo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolver' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ reason: 'Homónimo' }),
    );
  });

  it("lists the server's errors of a refused list file by row", async () => {
    session.start(adminLogin);
    mockServer(({ method, url }) => {
      if (url.pathname === '/api/v1/aml/matches') return onePage([]);
      if (url.pathname === '/api/v1/aml/lists' && method === 'GET') return ok([]);
      if (url.pathname === '/api/v1/aml/lists' && method === 'POST')
        return json(400, {
          type: 'about:blank',
          title: 'Solicitud inválida',
          status: 400,
          detail: '2 filas tienen errores; no se importó nada.',
          errors: [
            { field: 'fila 3, curp', message: 'La CURP: debe tener 18 letras y números' },
            { field: 'fila 4, nombre', message: 'El nombre es requerido' },
          ],
        });
      return undefined;
    });
    renderWithProviders(<AmlScreen />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Listas' }));
    const form = await screen.findByRole('form', { name: 'Importar lista' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Nombre de la lista/ }), 'UIF marzo');
    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['nombre,curp\n'], 'lista.csv', { type: 'text/csv' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Importar' }));
    const errors = await within(form).findByRole('list', { name: 'Errores por fila' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Fila 3, curp: La CURP: debe tener 18 letras y números',
      'Fila 4, nombre: El nombre es requerido',
    ]);
  });
});
