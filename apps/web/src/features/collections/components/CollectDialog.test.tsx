import type { PaymentListItem } from '@prestaya/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type PendingPayment, paymentQueue, pendingPaymentRequest } from '../../../lib/offline-queue.ts';
import { session } from '../../../lib/session.ts';
import { heldReply } from '../../../test/double-click.ts';
import { json, mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { AGENT_ID, agentLogin, card, fine, installment } from '../test/fixtures.ts';
import { CollectDialog } from './CollectDialog.tsx';

const ORIGIN = 'https://prestaya.test';
const late = card(1, {
  daysLate: 7,
  due: {
    scheduledPayments: [installment(3, '2026-03-18'), installment(2, '2026-03-11')],
    fees: [fine(1), fine(2, 25.5)],
    total: 0,
  },
});
const paymentsPath = `/api/v1/loans/${late.loan.id}/payments`;
const registered: PaymentListItem = {
  id: '0190a0c0-0000-7000-8000-00000abcdef1',
  createdOn: '2026-03-18T16:00:00.000Z',
  collectedAt: '2026-03-18T16:00:00.000Z',
  amount: 2_075.5,
  status: 'VALIDATING',
  paymentMethod: 'CASH',
  bankAccount: null,
  recovery: false,
  loan: {
    id: late.loan.id,
    num: late.loan.num,
    customer: { id: late.customer.id, name: 'Cliente1', lastName: 'Ruiz' },
  },
};

function serve(
  postReply: () => Response | Promise<Response> = () => json(201, { status: 'OK', data: registered }),
) {
  return mockServer(({ method, url }) => {
    if (method === 'POST' && url.pathname === paymentsPath) return postReply();
    if (url.pathname === `/api/v1/loans/${late.loan.id}/pending-payments`) {
      return json(200, { status: 'OK', data: { scheduledPayments: [], fees: [], total: 9_000 } });
    }
    return undefined;
  });
}

function open(onClose = vi.fn()) {
  session.start(agentLogin);
  renderWithProviders(<CollectDialog card={late} agentId={AGENT_ID} origin={ORIGIN} onClose={onClose} />);
  return screen.getByRole('dialog', { name: 'Cobrar' });
}

const box = (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name });

const sentRequest = (body: unknown) => (body as FormData).get('paymentRequest')?.valueOf() as Blob;

describe("'Cobrar'", { timeout: 20_000 }, () => {
  it('collects everything due now by default, fines always, installments ticked oldest first', async () => {
    serve();
    const dialog = open();
    expect(box(dialog, 'Pago 2 de 12 · vence 11/03/2026')).toBeChecked();
    expect(box(dialog, 'Pago 3 de 12 · vence 18/03/2026')).toBeChecked();
    expect(within(dialog).getByText('Multas pendientes (2), se incluyen siempre')).toBeInTheDocument();
    expect(screen.getByTestId('collect-total')).toHaveTextContent('$2,075.50');

    // Unticking the oldest unticks the newer one too; ticking the newer ticks the older.
    await userEvent.click(box(dialog, 'Pago 2 de 12 · vence 11/03/2026'));
    expect(box(dialog, 'Pago 3 de 12 · vence 18/03/2026')).not.toBeChecked();
    expect(screen.getByTestId('collect-total')).toHaveTextContent('$75.50');
    await userEvent.click(box(dialog, 'Pago 3 de 12 · vence 18/03/2026'));
    expect(box(dialog, 'Pago 2 de 12 · vence 11/03/2026')).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Cobrar $2,075.50' })).toBeEnabled();
  });

  it('registers one CASH payment on a double tap, with its key, then offers the receipt by WhatsApp', async () => {
    const held = heldReply(() => json(201, { status: 'OK', data: registered }));
    const { requests } = serve(held.reply);
    const dialog = open();
    const pay = within(dialog).getByRole('button', { name: 'Cobrar $2,075.50' });
    // Two taps in one task, before React re-renders: the button is disabled from the first.
    act(() => {
      pay.click();
      pay.click();
    });
    await waitFor(() => expect(pay).toBeDisabled());
    held.release();
    expect(await screen.findByText('Cobro registrado')).toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);

    const post = requests.find((r) => r.method === 'POST');
    expect(JSON.parse(await sentRequest(post?.body).text())).toEqual({
      scheduledPaymentIds: [installment(2, '').id, installment(3, '').id],
      feeIds: [fine(1).id, fine(2).id],
      paymentMethod: 'CASH',
      // When the agent tapped 'Cobrar': the payment's day in the Corte de caja, however late it is sent.
      collectedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(screen.getByTestId('receipt-folio')).toHaveTextContent('1001-0ABCDEF1');
    expect(await screen.findByText('$9,000.00')).toBeInTheDocument();
    const share = screen.getByRole('link', { name: 'Enviar recibo por WhatsApp' });
    const text = new URL(share.getAttribute('href') ?? '').searchParams.get('text');
    expect(text).toBe(
      'Hola Cliente1 Ruiz, recibimos su pago en efectivo de $2,075.50 del préstamo No. 1001. ' +
        `Folio: 1001-0ABCDEF1. Saldo restante: $9,000.00. Estado de cuenta: ${ORIGIN}/loans/${late.loan.id} Gracias por su pago.`,
    );
    // Accepted by the server: nothing stays queued on the phone.
    expect(await paymentQueue.list(AGENT_ID)).toEqual([]);
  });

  it('without signal keeps the payment on the phone as Pendiente de enviar, sending nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { requests } = serve();
    const dialog = open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cobrar $2,075.50' }));

    expect(await screen.findByText('Pendiente de enviar')).toBeInTheDocument();
    expect(
      screen.getByText(/el cobro quedó guardado en este teléfono y se enviará solo/),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(await paymentQueue.list(AGENT_ID)).toMatchObject([
      {
        agentId: AGENT_ID,
        loanId: late.loan.id,
        loanNum: 1001,
        amountCents: 207_550,
        state: 'pending',
        collectedAt: expect.any(String),
      },
    ]);
  });

  it('keeps the payment when the request fails for lack of connection', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    const dialog = open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cobrar $2,075.50' }));
    expect(await screen.findByText('Pendiente de enviar')).toBeInTheDocument();
    const [entry] = await paymentQueue.list(AGENT_ID);
    expect(entry?.key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows the server’s refusal and keeps nothing queued', async () => {
    serve(() => problem(409, 'El pago programado ya está en validación'));
    const onClose = vi.fn();
    const dialog = open(onClose);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cobrar $2,075.50' }));
    expect(await screen.findByText('No se registró el cobro')).toBeInTheDocument();
    expect(screen.getByText('El pago programado ya está en validación')).toBeInTheDocument();
    await waitFor(async () => expect(await paymentQueue.list(AGENT_ID)).toEqual([]));
    await userEvent.click(screen.getByRole('button', { name: 'Entendido' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe("'Cobrar' · Abono", { timeout: 20_000 }, () => {
  it('sends only the amount of an abono, online', async () => {
    const { requests } = serve();
    const dialog = open();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Abono' }));
    expect(within(dialog).queryByRole('group', { name: 'Pagos a cobrar' })).not.toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: 'Monto del abono' });
    await userEvent.type(amount, '10000.01');
    expect(within(dialog).getByText('El abono no puede ser mayor al saldo ($10,000.00)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cobrar abono $0.00' })).toBeDisabled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '1500');
    expect(screen.getByTestId('collect-total')).toHaveTextContent('$1,500.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cobrar abono $1,500.00' }));
    expect(await screen.findByText('Cobro registrado')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(JSON.parse(await sentRequest(post?.body).text())).toEqual({
      abono: 1_500,
      paymentMethod: 'CASH',
      collectedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(await paymentQueue.list(AGENT_ID)).toEqual([]);
  });

  it('without signal keeps the abono on the phone, to be sent as an amount', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { requests } = serve();
    const dialog = open();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Abono' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Monto del abono' }), '250.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cobrar abono $250.50' }));
    expect(await screen.findByText('Pendiente de enviar')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    const [entry] = await paymentQueue.list(AGENT_ID);
    expect(entry).toMatchObject({
      amountCents: 25_050,
      abono: true,
      scheduledPaymentIds: [],
      feeIds: [],
      state: 'pending',
    });
    expect(pendingPaymentRequest(entry as PendingPayment)).toEqual({
      abono: 250.5,
      paymentMethod: 'CASH',
      collectedAt: entry?.collectedAt,
    });
  });
});
