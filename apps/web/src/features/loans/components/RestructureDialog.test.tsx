import type { RestructurePreview } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { adminLogin, loanIn, ok, visibleCells } from '../test/fixtures.ts';
import { RestructureDialog } from './RestructureDialog.tsx';

const loan = loanIn('DELAYED');
const base = `/api/v1/loans/${loan.id}`;

/** The server's plan for `weeks` installments of what remains ($11,000.00), fines $150.00. */
function previewOf(fines: string, weeks: number): RestructurePreview {
  const spreadCents = 1_100_000 + (fines === 'incluir' ? 15_000 : 0);
  const each = Math.floor(spreadCents / weeks);
  return {
    closedInstallments: [],
    closed: 11_000,
    pendingFines: 3,
    fines: 150,
    condonedFines: fines === 'incluir' ? 0 : 150,
    includedFines: fines === 'incluir' ? 150 : 0,
    spread: spreadCents / 100,
    installments: Array.from({ length: weeks }, (_, i) => ({
      paymentNumber: 13 + i,
      dueDate: `2026-04-${String(1 + 7 * i).padStart(2, '0')}`,
      amount: (i === weeks - 1 ? spreadCents - each * (weeks - 1) : each) / 100,
      concept: `Reestructura · Pago ${i + 1} de ${weeks}`,
    })),
  };
}

const restructuring = {
  id: '0190a0c0-0000-7000-8000-0000000009r1',
  sequence: 1,
  createdOn: '2026-03-25T16:00:00.000Z',
  createdBy: null,
  reason: 'Perdió su empleo',
  fines: 'incluir',
  weeks: 4,
  closed: 11_000,
  condonedFines: 0,
  includedFines: 150,
  spread: 11_150,
  firstPaymentNumber: 13,
  lastPaymentNumber: 16,
};

function serve(restructureReply?: () => Response) {
  return mockServer(({ method, url }) => {
    if (method === 'GET' && url.pathname === `${base}/restructure-preview`) {
      const weeks = Number(url.searchParams.get('weeks'));
      if (weeks === 7)
        return problem(
          409,
          'El préstamo tiene un pago en validación; confírmelo o recházelo antes de reestructurar',
        );
      return ok(200, previewOf(url.searchParams.get('fines') ?? '', weeks));
    }
    if (method === 'POST' && url.pathname === `${base}/restructure`) {
      if (restructureReply) return restructureReply();
      return json(201, { status: 'OK', data: { loan: { ...loan, restructureCount: 1 }, restructuring } });
    }
    return undefined;
  });
}

describe("'Reestructurar préstamo'", { timeout: 20_000 }, () => {
  it("shows the server's plan for the choice, asks for a reason, then sends fines, weeks and reason", async () => {
    session.start(adminLogin);
    const { requests } = serve();
    let closed = false;
    renderWithProviders(<RestructureDialog loan={loan} opened onClose={() => (closed = true)} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Reestructurar préstamo' }));
    const table = await dialog.findByRole('table', { name: 'Nuevo calendario de pagos' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(13));

    await userEvent.click(dialog.getByRole('radio', { name: 'Incluir multas en los pagos' }));
    const weeks = dialog.getByRole('textbox', { name: /Número de pagos semanales/ });
    await userEvent.clear(weeks);
    await userEvent.type(weeks, '4');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    const summary = dialog.getByLabelText('Resumen de la reestructura');
    expect(summary).toHaveTextContent('Multas pendientes (3): $150.00 incluidas en los nuevos pagos');
    expect(summary).toHaveTextContent('Total a reestructurar: $11,150.00');
    expect(visibleCells(within(table).getAllByRole('row')[4] as HTMLElement)).toEqual([
      '16',
      'Reestructura · Pago 4 de 4',
      '22/04/2026',
      '$2,787.50',
    ]);

    const confirm = dialog.getByRole('button', { name: 'Confirmar reestructura' });
    await userEvent.click(confirm);
    expect(dialog.getByText('El motivo es requerido')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.type(dialog.getByRole('textbox', { name: /^Motivo/ }), ' Perdió su empleo ');
    await userEvent.click(confirm);
    await waitFor(() => expect(closed).toBe(true));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { fines: 'incluir', weeks: 4, reason: 'Perdió su empleo' },
    ]);
  });

  it("shows the server's refusal instead of a plan, and a bound on the weeks", async () => {
    session.start(adminLogin);
    serve();
    renderWithProviders(<RestructureDialog loan={loan} opened onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Reestructurar préstamo' }));
    await dialog.findByRole('table', { name: 'Nuevo calendario de pagos' });
    const weeks = dialog.getByRole('textbox', { name: /Número de pagos semanales/ });
    await userEvent.clear(weeks);
    await userEvent.type(weeks, '60');
    expect(dialog.getByText('El número de semanas debe ser de 1 a 52')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Confirmar reestructura' })).toBeDisabled();
    await userEvent.clear(weeks);
    await userEvent.type(weeks, '7');
    expect(
      await dialog.findByText(
        'El préstamo tiene un pago en validación; confírmelo o recházelo antes de reestructurar',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Confirmar reestructura' })).toBeDisabled();
  });
});
