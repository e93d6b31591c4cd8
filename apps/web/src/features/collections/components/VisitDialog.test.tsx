import type { Visit } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { visitQueue } from '../../../lib/visit-queue.ts';
import { json, mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { AGENT_ID, agentLogin, card } from '../test/fixtures.ts';
import { VisitDialog } from './VisitDialog.tsx';

// 2026-03-18 11:20 in Mexico City; the loan's balance is $10,000.00.
const NOW = new Date('2026-03-18T17:20:00.000Z');
const visited = card(1);
const visitsPath = `/api/v1/loans/${visited.loan.id}/visits`;
const recorded: Visit = {
  id: '0190a0c0-0000-7000-8000-00000abcdef2',
  loan: { id: visited.loan.id, num: visited.loan.num },
  customerId: visited.customer.id,
  agent: { id: AGENT_ID, num: 1002, name: 'Luis', lastName: 'Pérez' },
  outcome: 'NOT_HOME',
  visitedAt: NOW.toISOString(),
  promisedDate: null,
  promisedAmount: null,
  note: null,
  createdOn: NOW.toISOString(),
  promise: null,
};

function serve(
  reply: () => Response | Promise<Response> = () => json(201, { status: 'OK', data: recorded }),
) {
  return mockServer(({ method, url }) =>
    method === 'POST' && url.pathname === visitsPath ? reply() : undefined,
  );
}

function open(onClose = vi.fn()) {
  session.start(agentLogin);
  renderWithProviders(<VisitDialog card={visited} agentId={AGENT_ID} onClose={onClose} now={() => NOW} />);
  return screen.getByRole('dialog', { name: 'Visita' });
}

const choose = (dialog: HTMLElement, name: string) =>
  userEvent.click(within(dialog).getByRole('button', { name }));
const save = (dialog: HTMLElement) => choose(dialog, 'Guardar visita');

describe("'Visita'", { timeout: 20_000 }, () => {
  it("records 'No estaba' with the phone's moment and a key, and closes", async () => {
    const { requests } = serve();
    const onClose = vi.fn();
    const dialog = open(onClose);
    expect(within(dialog).getByRole('group', { name: '¿Qué pasó?' })).toBeInTheDocument();
    await choose(dialog, 'No estaba');
    expect(within(dialog).getByRole('button', { name: 'No estaba' })).toHaveAttribute('aria-pressed', 'true');
    // Nothing to promise: no date or amount is asked.
    expect(within(dialog).queryByLabelText(/Monto prometido/)).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Nota/), 'Portón cerrado');
    await save(dialog);

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(posts[0]?.body).toEqual({
      outcome: 'NOT_HOME',
      visitedAt: NOW.toISOString(),
      promisedDate: null,
      promisedAmount: null,
      note: 'Portón cerrado',
    });
    expect(await visitQueue.list(AGENT_ID)).toEqual([]);
  });

  it('asks what happened before saving', async () => {
    const { requests } = serve();
    const dialog = open();
    await save(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Elija qué pasó en la visita');
    expect(requests).toHaveLength(0);
  });

  it('needs a promise day from today to 30 days on and an amount up to the balance', async () => {
    const { requests } = serve(() =>
      json(201, {
        status: 'OK',
        data: { ...recorded, outcome: 'PROMISE', promisedDate: '2026-03-20', promisedAmount: 500 },
      }),
    );
    const onClose = vi.fn();
    const dialog = open(onClose);
    await choose(dialog, 'Promesa de pago');
    const date = within(dialog).getByLabelText(/Fecha de la promesa/);
    const amount = within(dialog).getByLabelText(/Monto prometido/);
    expect(date).toHaveValue('2026-03-18');
    expect(date).toHaveAttribute('min', '2026-03-18');
    expect(date).toHaveAttribute('max', '2026-04-17');

    await save(dialog);
    expect(within(dialog).getByText('Indique el monto prometido')).toBeInTheDocument();
    await userEvent.type(amount, '10000.01');
    await save(dialog);
    expect(within(dialog).getByText('El monto no puede ser mayor al saldo ($10,000.00)')).toBeInTheDocument();
    await userEvent.clear(date);
    await userEvent.type(date, '2026-04-18');
    await save(dialog);
    expect(within(dialog).getByText('La fecha debe ser de hoy al 17/04/2026')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await userEvent.clear(date);
    await userEvent.type(date, '2026-03-20');
    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    await save(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toEqual({
      outcome: 'PROMISE',
      visitedAt: NOW.toISOString(),
      promisedDate: '2026-03-20',
      promisedAmount: 500,
      note: null,
    });
  });

  it('without signal keeps the visit on the phone and sends nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { requests } = serve();
    const onClose = vi.fn();
    const dialog = open(onClose);
    await choose(dialog, 'Se negó');
    await save(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests).toHaveLength(0);
    expect(await visitQueue.list(AGENT_ID)).toMatchObject([
      {
        agentId: AGENT_ID,
        loanId: visited.loan.id,
        outcome: 'REFUSED',
        visitedAt: NOW.toISOString(),
        state: 'pending',
      },
    ]);
  });

  it('keeps the visit when the request fails for lack of connection', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    const dialog = open();
    await choose(dialog, 'No estaba');
    await save(dialog);
    await waitFor(async () => expect(await visitQueue.list(AGENT_ID)).toHaveLength(1));
  });

  it('shows the server’s refusal, keeps the dialog open and nothing queued', async () => {
    serve(() => problem(409, 'Solo se registran visitas de préstamos activos o atrasados'));
    const onClose = vi.fn();
    const dialog = open(onClose);
    await choose(dialog, 'No estaba');
    await save(dialog);
    expect(await within(dialog).findByText('No se registró la visita')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Solo se registran visitas de préstamos activos o atrasados'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(async () => expect(await visitQueue.list(AGENT_ID)).toEqual([]));
  });
});
