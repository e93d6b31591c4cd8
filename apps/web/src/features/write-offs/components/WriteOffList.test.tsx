import type { WriteOff } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { adminLogin } from '../../../test/fixtures.ts';
import { json, mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { WriteOffList } from './WriteOffList.tsx';

const ok = (data: unknown) => json(200, { status: 'OK', data });

const row: WriteOff = {
  id: '0190a0c0-0000-7000-8000-0000000000w1',
  loan: { id: '0190a0c0-0000-7000-8000-0000000000l1', num: 1004, amount: 3_000 },
  customer: {
    id: '0190a0c0-0000-7000-8000-0000000000c1',
    name: 'José',
    lastName: 'Gómez',
    secondLastName: null,
  },
  amountWrittenOff: 3_960,
  principalWrittenOff: 3_000,
  daysPastDue: 113,
  reason: 'Cliente ilocalizable',
  writtenOffOn: '2026-03-18',
  createdOn: '2026-03-18T18:00:00.000Z',
  writtenOffBy: { num: 1001, name: 'Alma', lastName: 'Admin' },
  recovered: 330,
  recoveryInValidation: 0,
};

describe("'Cartera castigada'", { timeout: 20_000 }, () => {
  it('shows the totals, the policy and the written-off loans; saves the policy', async () => {
    session.start(adminLogin);
    const { requests } = mockServer(({ method, url, body }) => {
      if (url.pathname === '/api/v1/write-offs')
        return json(200, {
          data: [row],
          page: 1,
          size: 10,
          totalDocuments: 1,
          totalPages: 1,
          totalCapped: false,
        });
      if (url.pathname === '/api/v1/write-offs/totals')
        return ok({ loans: 1, amountWrittenOff: 3_960, recovered: 330 });
      if (url.pathname === '/api/v1/write-offs/settings')
        return ok(method === 'PUT' ? body : { minDaysPastDue: 90 });
      return undefined;
    });
    renderWithProviders(<WriteOffList />);
    expect(await screen.findByRole('heading', { name: 'Cartera castigada' })).toBeInTheDocument();
    const totals = await screen.findByLabelText('Totales de la cartera castigada');
    expect(within(totals).getByText('$3,960.00')).toBeInTheDocument();
    expect(within(totals).getByText('$330.00')).toBeInTheDocument();

    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Cliente ilocalizable')).toBeInTheDocument();
    expect(within(table).getByText('1004')).toBeInTheDocument();

    const days = await screen.findByRole('textbox', { name: /Días de atraso para castigar/ });
    expect(days).toHaveValue('90');
    await userEvent.clear(days);
    await userEvent.type(days, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ minDaysPastDue: 120 }),
    );
  });
});
