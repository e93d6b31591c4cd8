import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Handler, json, mockServer, problem, renderRoutes } from '../../../test/utils.tsx';
import { installment, LOAN_ID, lookupResult, ok } from '../test/fixtures.ts';
import { PaymentView } from './PaymentView.tsx';

const SEARCH_PATH = '/public/api/v1/loans/search';

/** /consulta answered by `handler`; `find` types a loan number and a phone and presses Buscar. */
function consulta(handler: Handler) {
  mockServer(handler);
  renderRoutes([{ path: '/consulta', element: <PaymentView /> }], '/consulta');
  const user = userEvent.setup();
  const find = async (num: string, phone: string) => {
    const numInput = screen.getByLabelText('Número de préstamo');
    const phoneInput = screen.getByLabelText('Teléfono (10 dígitos)');
    await user.clear(numInput);
    await user.type(numInput, num);
    await user.clear(phoneInput);
    if (phone) await user.type(phoneInput, phone);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
  };
  return { user, find };
}

describe('/consulta outcomes', { timeout: 20_000 }, () => {
  it('drops a previous not-found alert when the next search is refused for a field error', async () => {
    const { find } = consulta(({ url }) => (url.pathname === SEARCH_PATH ? problem(404, 'No') : undefined));
    await find('1001', '5512345678');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encontró el Préstamo');

    await find('1001', '551');
    expect(await screen.findByText('Tel. debe ser de 10 dígitos')).toBeInTheDocument();
    expect(screen.queryByText('No se encontró el Préstamo')).not.toBeInTheDocument();
  });

  it.each([
    ['PENDING', 'Tu préstamo está en espera de aprobación.'],
    ['APPROVED', 'Tu préstamo ya fue aprobado y está en espera de entrega.'],
  ] as const)(
    'a %s loan says it awaits approval or delivery, not that nothing is due',
    async (status, says) => {
      const { find } = consulta(({ url }) =>
        url.pathname === SEARCH_PATH ? json(200, ok(lookupResult([], [], status))) : undefined,
      );
      await find('1001', '5512345678');
      expect(await screen.findByText(new RegExp(says))).toBeInTheDocument();
      expect(screen.queryByText('No tienes pagos semanales pendientes.')).not.toBeInTheDocument();
    },
  );

  it('after paying, shows the folio, date, amount and that the payment is in validation', async () => {
    const { user, find } = consulta(({ url, method }) => {
      if (url.pathname === SEARCH_PATH) return json(200, ok(lookupResult([installment(1)])));
      if (method === 'POST' && url.pathname === `/public/api/v1/loans/${LOAN_ID}/payments`) {
        const reply = { id: 'p1', folio: '1001-9F3A2C7B', amount: 1000, status: 'VALIDATING' };
        return json(201, ok({ ...reply, createdOn: '2026-03-12T18:05:00.000Z' }));
      }
      return undefined;
    });
    await find('1001', '5512345678');
    await user.click(await screen.findByRole('checkbox', { name: 'Pago 1 de 12' }));
    await user.click(screen.getByRole('button', { name: 'Registrar Pago por $1,000.00' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Registrar Pago' }));
    await user.type(dialog.getByLabelText(/Número de usuario del agente/), '7');
    await user.type(dialog.getByLabelText(/^PIN/), '2468');
    await user.click(dialog.getByRole('button', { name: 'Registrar Pago' }));

    expect(await screen.findByTestId('public-payment-folio')).toHaveTextContent('Folio 1001-9F3A2C7B');
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Pago registrado. Tu agente lo validará pronto.');
    expect(notice).toHaveTextContent(/12\/03\/2026 .*\$1,000\.00 · En validación/);
  });
});
