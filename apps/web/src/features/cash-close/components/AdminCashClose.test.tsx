import type { CashClose } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { paymentReply } from '../../../test/fixtures.ts';
import { json, mockServer, params, problem, renderRoutes, type SeenRequest } from '../../../test/utils.tsx';
import {
  ACCOUNT_ID,
  AGENT_ID,
  adminLogin,
  bbvaAccount,
  cashAccount,
  DATE,
  dayOf,
  historyOf,
  ok,
  payments,
} from '../test/fixtures.ts';
import { CashCloseScreen } from './CashCloseScreen.tsx';

const agents = [
  { id: AGENT_ID, num: 1002, name: 'Luis', lastName: 'Pérez' },
  { id: '0190a0c0-0000-7000-8000-0000000000a9', num: 1003, name: 'Rosa', lastName: 'Díaz' },
];
const confirmedDay = dayOf({
  payments: Object.values(payments).map((p) =>
    p.status === 'VALIDATING' && p.paymentMethod === 'CASH' ? { ...p, status: 'PAID' as const } : p,
  ),
  totals: { cash: 4_500.5, cashPending: 0, cashConfirmed: 4_500.5, transfer: 1_000, count: 5 },
});

/**
 * A server whose day is `day` until a confirmation (or `confirmReply`) changes it, and whose agents'
 * pages hold `firstPage`.
 */
function serve({
  day = dayOf(),
  confirmReply,
  firstPage = agents,
}: {
  day?: CashClose;
  confirmReply?: Response;
  firstPage?: typeof agents;
} = {}) {
  let current = day;
  return mockServer(({ method, url }: SeenRequest) => {
    if (url.pathname === '/api/v1/agents') return json(200, ok(firstPage));
    if (url.pathname === '/api/v1/bank-accounts') {
      return json(200, {
        data: [cashAccount(), bbvaAccount(250.5)],
        page: 1,
        size: 30,
        totalDocuments: 2,
        totalPages: 1,
      });
    }
    if (method === 'GET' && url.pathname === '/api/v1/cash-close') return json(200, ok(current));
    if (method === 'GET' && url.pathname === '/api/v1/cash-close/history') return json(200, historyOf());
    if (method === 'POST' && url.pathname === '/api/v1/cash-close/confirm') {
      if (confirmReply) return confirmReply;
      current = confirmedDay;
      return json(
        200,
        ok({ confirmed: 2, total: 3_000, paymentIds: [payments.cash.id, payments.cashAgain.id] }),
      );
    }
    if (method === 'PATCH') return json(200, ok(paymentReply({ status: 'REJECTED' })));
    return undefined;
  });
}

function renderAsAdmin(path = '/admin/cash-close') {
  session.start(adminLogin);
  return renderRoutes([{ path: '/admin/cash-close', element: <CashCloseScreen /> }], path);
}

const dayRequests = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/v1/cash-close');

describe("the administrator's Corte de caja", () => {
  it('asks for an agent first, then shows their day: the cash to expect and what is left to confirm', async () => {
    const { requests } = serve();
    const { router } = renderAsAdmin();
    expect(await screen.findByText('Seleccione un agente para ver su corte de caja')).toBeInTheDocument();
    expect(dayRequests(requests)).toEqual([]);

    await userEvent.click(screen.getByRole('combobox', { name: 'Agente' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Luis Pérez (No. 1002)' }));
    expect(await screen.findByTestId('cash-total')).toHaveTextContent('$4,500.50');
    expect(screen.getByText('Efectivo esperado')).toBeInTheDocument();
    expect(screen.getByText('Por confirmar')).toBeInTheDocument();
    expect(screen.getByTestId('cash-pending')).toHaveTextContent('$3,000.00');
    expect(params(dayRequests(requests)[0]?.url)).toEqual({ agentId: AGENT_ID });
    // The agent is in the address; the date picker shows the server's business date.
    expect(router.state.location.search).toBe(`?agentId=${AGENT_ID}`);
    expect(screen.getByRole('button', { name: 'Fecha' })).toHaveTextContent('09/03/2026');
    // 'Rechazar' only on what is still in validation (cash or transfer).
    const table = screen.getByRole('table', { name: 'Pagos del día' });
    expect(within(table).getAllByRole('button', { name: /^Rechazar/ })).toHaveLength(3);
  });

  it('asks for the first page of agents only, and names the agent of the address from their day', async () => {
    const { requests } = serve({ firstPage: agents.slice(1) });
    renderAsAdmin(`/admin/cash-close?agentId=${AGENT_ID}`);
    await screen.findByTestId('cash-total');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Agente' })).toHaveValue('Luis Pérez (No. 1002)'),
    );
    const agentRequests = requests.filter((r) => r.url.pathname === '/api/v1/agents');
    expect(agentRequests.map((r) => params(r.url))).toEqual([{ size: '20' }]);
  });

  it("reads another day from the address ('date') and sends it", async () => {
    const { requests } = serve();
    renderAsAdmin(`/admin/cash-close?agentId=${AGENT_ID}&date=2026-03-02`);
    await screen.findByTestId('cash-total');
    expect(params(dayRequests(requests)[0]?.url)).toEqual({ agentId: AGENT_ID, date: '2026-03-02' });
  });

  it("'Confirmar corte' needs the account, then confirms the agent's day into it and reloads the day", async () => {
    const { requests } = serve();
    renderAsAdmin(`/admin/cash-close?agentId=${AGENT_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar corte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirmar corte' }));
    expect(
      dialog.getByText(/Se confirmarán 2 pagos en efectivo de Luis Pérez \(No\. 1002\) del 09\/03\/2026/),
    ).toBeInTheDocument();
    expect(dialog.getByText('$3,000.00')).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Confirmar corte' }));
    expect(await dialog.findByText('Seleccione la cuenta donde ingresó el efectivo')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.click(dialog.getByRole('combobox', { name: 'Cuenta destino' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Caja Principal — Saldo $1,000.00' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Confirmar corte' }));

    expect(await screen.findByText('Corte confirmado: 2 pagos por $3,000.00')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      agentId: AGENT_ID,
      date: DATE,
      targetAccountId: ACCOUNT_ID,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('cash-pending')).toHaveTextContent('$0.00'));
    // Nothing left: the button is off.
    expect(screen.getByRole('button', { name: 'Confirmar corte' })).toBeDisabled();
  });

  it('says so when a second confirmation found nothing left', async () => {
    serve({ confirmReply: json(200, ok({ confirmed: 0, total: 0, paymentIds: [] })) });
    renderAsAdmin(`/admin/cash-close?agentId=${AGENT_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar corte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirmar corte' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Cuenta destino' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Caja Principal/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Confirmar corte' }));
    expect(await screen.findByText('No había pagos en efectivo por confirmar')).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s detail when the account is refused', async () => {
    serve({ confirmReply: problem(404, 'Cuenta bancaria no encontrada') });
    renderAsAdmin(`/admin/cash-close?agentId=${AGENT_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar corte' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirmar corte' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Cuenta destino' }));
    await userEvent.click(await screen.findByRole('option', { name: /^BBVA Nómina/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Confirmar corte' }));
    expect(await screen.findByText('No se pudo confirmar el corte')).toBeInTheDocument();
    expect(screen.getByText('Cuenta bancaria no encontrada')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Confirmar corte' })).toBeInTheDocument();
  });

  it("'Rechazar' needs a reason of at least 3 characters, then sends it with the rejection", async () => {
    const { requests } = serve();
    renderAsAdmin(`/admin/cash-close?agentId=${AGENT_ID}`);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Rechazar pago del préstamo No. 1005 de Pedro Ramírez' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Rechazar pago' }));
    expect(dialog.getByText(/del préstamo No\. 1005 \(Pedro Ramírez\) sale del corte/)).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Rechazar' }));
    expect(await dialog.findByText('El motivo es requerido')).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Motivo del rechazo' }), 'no');
    expect(await dialog.findByText('El motivo debe tener al menos 3 caracteres')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await userEvent.type(
      dialog.getByRole('textbox', { name: 'Motivo del rechazo' }),
      ' entregó el efectivo  ',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Pago rechazado')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.url.pathname).toBe(`/api/v1/payments/${payments.cashAgain.id}`);
    expect(patch?.body).toEqual({ status: 'REJECTED', reason: 'no entregó el efectivo' });
    await waitFor(() => expect(dayRequests(requests).length).toBeGreaterThan(1));
  });
});
