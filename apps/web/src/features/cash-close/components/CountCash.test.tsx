import type { CashClose } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, mockServer, params, problem, renderRoutes, type SeenRequest } from '../../../test/utils.tsx';
import {
  ACCOUNT_ID,
  AGENT_ID,
  adminLogin,
  bbvaAccount,
  cashAccount,
  closureOf,
  DATE,
  dayOf,
  historyOf,
  ok,
} from '../test/fixtures.ts';
import { CashCloseScreen } from './CashCloseScreen.tsx';

/**
 * 'Contar efectivo' on the administrator's Corte de caja (a desktop's width: the dialog's two columns
 * of denominations): the day of the fixtures expects $4,500.50 in cash, $3,000 still in validation.
 */
function serve({ closeReply }: { closeReply?: Response } = {}) {
  let current: CashClose = dayOf();
  return mockServer(({ method, url }: SeenRequest) => {
    if (url.pathname === '/api/v1/agents') return json(200, ok([]));
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
    if (method === 'POST' && url.pathname === '/api/v1/cash-close/close') {
      if (closeReply) return closeReply;
      const { lateArrivals: _late, ...closure } = closureOf();
      current = {
        ...current,
        totals: { ...current.totals, cashPending: 0, cashConfirmed: 4_500.5 },
        closure: closureOf(),
      };
      return json(201, ok(closure));
    }
    return undefined;
  });
}

function renderAsAdmin() {
  session.start(adminLogin);
  return renderRoutes(
    [{ path: '/admin/cash-close', element: <CashCloseScreen /> }],
    `/admin/cash-close?agentId=${AGENT_ID}`,
  );
}

async function openCount() {
  await userEvent.click(await screen.findByRole('button', { name: 'Contar efectivo' }));
  return within(await screen.findByRole('dialog', { name: 'Contar efectivo' }));
}

async function chooseAccount(dialog: ReturnType<typeof within>) {
  await userEvent.click(dialog.getByRole('combobox', { name: 'Cuenta destino' }));
  await userEvent.click(await screen.findByRole('option', { name: /^Caja Principal/ }));
}

describe("'Contar efectivo'", () => {
  it('shows Faltante/Sobrante as the amount is typed, asks for a note and the account, confirms, then the day reads Cerrado', async () => {
    const { requests } = serve();
    renderAsAdmin();
    const dialog = await openCount();
    expect(dialog.getByTestId('count-expected')).toHaveTextContent('$4,500.50');
    expect(dialog.getByTestId('count-difference')).toHaveTextContent('—');

    const amount = dialog.getByRole('textbox', { name: /Efectivo contado/ });
    await userEvent.type(amount, '4451');
    expect(dialog.getByTestId('count-difference')).toHaveTextContent('Faltante $49.50');
    await userEvent.clear(amount);
    await userEvent.type(amount, '4520.5');
    expect(dialog.getByTestId('count-difference')).toHaveTextContent('Sobrante $20.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '4451');

    // A difference needs a note; the account is required.
    await userEvent.click(dialog.getByRole('button', { name: 'Cerrar día' }));
    expect(
      await dialog.findByText('Escriba una nota que explique el faltante o el sobrante'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Seleccione la cuenta donde ingresó el efectivo')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.type(dialog.getByRole('textbox', { name: /Nota/ }), 'Faltó un billete de 50');
    await chooseAccount(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Cerrar día' }));

    // The confirmation step: the figures, what will be confirmed, that it is once only.
    expect(
      await dialog.findByText(
        /Se cerrará el día 09\/03\/2026 de Luis Pérez \(No\. 1002\) y se confirmarán 2 pagos/,
      ),
    ).toBeInTheDocument();
    expect(dialog.getByText(/no se puede volver a cerrar/)).toBeInTheDocument();
    expect(dialog.getByTestId('count-difference')).toHaveTextContent('Faltante $49.50');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(dialog.getByRole('button', { name: 'Cerrar día' }));

    expect(
      await screen.findByText('Día cerrado: Faltante $49.50', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      agentId: AGENT_ID,
      date: DATE,
      targetAccountId: ACCOUNT_ID,
      counted: 4_451,
      denominations: null,
      note: 'Faltó un billete de 50',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The day, reloaded: closed, with the server's figures; no second close is offered.
    const closed = within(await screen.findByRole('region', { name: 'Cierre del día' }));
    expect(closed.getByTestId('day-closed')).toHaveTextContent('Cerrado');
    expect(closed.getByTestId('closure-expected')).toHaveTextContent('$4,500.50');
    expect(closed.getByTestId('closure-counted')).toHaveTextContent('$4,451.00');
    expect(closed.getByTestId('closure-difference')).toHaveTextContent('Faltante $49.50');
    expect(closed.getByTestId('closure-note')).toHaveTextContent('Faltó un billete de 50');
    expect(screen.getByRole('button', { name: 'Cerrado' })).toBeDisabled();
    // Typing the whole count and the note is slow in jsdom on a busy machine; no timing is measured.
  }, 90_000);

  it('the denominations fill the amount: 4 × $1,000 + 1 × $500 + 1 × $0.50 = the expected cash', async () => {
    const { requests } = serve();
    renderAsAdmin();
    const dialog = await openCount();
    await userEvent.click(dialog.getByRole('button', { name: 'Contar por denominación' }));
    const pieces = within(dialog.getByRole('group', { name: 'Denominaciones' }));
    expect(pieces.getAllByRole('textbox')).toHaveLength(12);
    await userEvent.type(pieces.getByRole('textbox', { name: 'Billete $1,000' }), '4');
    expect(dialog.getByTestId('count-difference')).toHaveTextContent('Faltante $500.50');
    await userEvent.type(pieces.getByRole('textbox', { name: 'Billete $500' }), '1');
    await userEvent.type(pieces.getByRole('textbox', { name: 'Moneda $0.50' }), '1');
    expect(dialog.getByRole('textbox', { name: /Efectivo contado/ })).toHaveValue('$4,500.5');
    expect(dialog.getByTestId('count-difference')).toHaveTextContent('Sin diferencia');

    await chooseAccount(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Cerrar día' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Cerrar día' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      counted: 4_500.5,
      denominations: { B1000: 4, B500: 1, C050: 1 },
      note: null,
    });
  }, 90_000);

  it('a refused close (closed meanwhile) shows the server’s detail and reloads the day', async () => {
    serve({ closeReply: problem(409, 'El corte de caja de este agente y día ya está cerrado') });
    renderAsAdmin();
    const dialog = await openCount();
    await userEvent.type(dialog.getByRole('textbox', { name: /Efectivo contado/ }), '4500.50');
    await chooseAccount(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Cerrar día' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Cerrar día' }));
    expect(
      await screen.findByText('No se pudo cerrar el día', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('El corte de caja de este agente y día ya está cerrado')).toBeInTheDocument();
  }, 90_000);

  it('a closed day with cash that arrived later says so; the agent’s history lists every close with the running total', async () => {
    const late = closureOf({ lateArrivals: { count: 1, total: 1_000 } });
    const { requests } = mockServer(({ url }: SeenRequest) => {
      if (url.pathname === '/api/v1/agents') return json(200, ok([]));
      if (url.pathname === '/api/v1/cash-close') return json(200, ok(dayOf({ closure: late })));
      if (url.pathname === '/api/v1/cash-close/history') return json(200, historyOf());
      return undefined;
    });
    renderAsAdmin();
    expect(await screen.findByTestId('late-arrivals')).toHaveTextContent(
      'Después del cierre llegaron 1 pago en efectivo por $1,000.00: no están en el conteo y siguen en validación.',
    );
    expect(screen.getByRole('button', { name: 'Cerrado' })).toBeDisabled();

    expect(await screen.findByTestId('history-total')).toHaveTextContent('+$50.50');
    const table = await screen.findByRole('table', { name: 'Historial de cortes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(
        /09\/03\/2026.*\$4,451\.00.*Faltante \$49\.50.*Faltó un billete de 50.*\+\$50\.50/,
      ),
      expect.stringMatching(/07\/03\/2026.*\$1,000\.00.*Sin diferencia.*\+\$100\.00/),
      expect.stringMatching(
        /06\/03\/2026.*\$100\.00.*Sobrante \$100\.00.*Efectivo sin pago registrado.*\+\$100\.00/,
      ),
    ]);
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeInTheDocument();
    const history = requests.filter((r) => r.url.pathname === '/api/v1/cash-close/history');
    expect(history.map((r) => params(r.url))).toContainEqual({ agentId: AGENT_ID, page: '1', size: '10' });
  });
});
