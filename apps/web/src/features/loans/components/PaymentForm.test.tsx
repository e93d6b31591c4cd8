import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { expectOneSendPerDoubleClick, heldReply } from '../../../test/double-click.ts';
import { paymentReply } from '../../../test/fixtures.ts';
import { json, mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { agentLogin, loanIn, ok } from '../test/fixtures.ts';
import { fee, pendingOf } from '../test/payment-fixtures.ts';
import { PaymentForm } from './PaymentForm.tsx';

const loan = loanIn('DELAYED');
const pendingPath = `/api/v1/loans/${loan.id}/pending-payments`;
const paymentsPath = `/api/v1/loans/${loan.id}/payments`;

function serve(pending: ReturnType<typeof pendingOf>, postReply?: () => Response | Promise<Response>) {
  return mockServer(({ method, url }) => {
    if (method === 'GET' && url.pathname === pendingPath) return ok(200, pending);
    if (method === 'POST' && url.pathname === paymentsPath) {
      return postReply?.() ?? json(201, { status: 'OK', data: paymentReply() });
    }
    return undefined;
  });
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const total = () => screen.getByTestId('payment-form-total');
const png = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });

describe("'Registro de Pago'", { timeout: 20_000 }, () => {
  it('lists the installments and the fines; Total = every fine + the ticked installments, oldest first, in centavos', async () => {
    session.start(agentLogin);
    // $1,000.10 installments and $0.10 + $0.20 fines: float sums would drift, centavos do not.
    serve(pendingOf(loan, [fee(1, { amount: 0.1 }), fee(2, { amount: 0.2 })], 1_000.1));
    renderWithProviders(<PaymentForm loan={loan} onDone={() => {}} />);

    const table = await screen.findByRole('table', { name: 'Pagos pendientes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(1).map((td) => td.textContent))).toEqual([
      ['Pago 2 de 12Vence 18/03/2026', '18/03/2026', 'Atrasado', '$1,000.10'],
      ['Pago 3 de 12Vence 25/03/2026', '25/03/2026', 'Pendiente', '$1,000.10'],
      ['Pago 4 de 12Vence 01/04/2026', '01/04/2026', 'Pendiente', '$1,000.10'],
      ['Pago 5 de 12Vence 08/04/2026', '08/04/2026', 'Pendiente', '$1,000.10'],
    ]);
    expect(screen.getByText('Las multas pendientes se incluyen siempre')).toBeInTheDocument();
    const fines = screen.getByRole('table', { name: 'Multas pendientes' });
    expect(within(fines).getByText('Multa día 19/03/2026')).toBeInTheDocument();
    expect(within(fines).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(total()).toHaveTextContent('$0.30');

    // Ticking #4 ticks #2 and #3 too.
    await userEvent.click(checkbox('Pago 4 de 12'));
    expect([2, 3, 4, 5].map((n) => (checkbox(`Pago ${n} de 12`) as HTMLInputElement).checked)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(total()).toHaveTextContent('$3,000.60');
    expect(screen.getByRole('button', { name: 'Registrar Pago por $3,000.60' })).toBeEnabled();

    // Unticking #3 unticks #4 as well.
    await userEvent.click(checkbox('Pago 3 de 12'));
    expect([2, 3, 4, 5].map((n) => (checkbox(`Pago ${n} de 12`) as HTMLInputElement).checked)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(total()).toHaveTextContent('$1,000.40');

    // Unticking the oldest unticks everything: the fines remain.
    await userEvent.click(checkbox('Pago 2 de 12'));
    expect(total()).toHaveTextContent('$0.30');
  });

  it('keeps the register button disabled while the total is $0.00', async () => {
    session.start(agentLogin);
    serve(pendingOf(loan, []));
    renderWithProviders(<PaymentForm loan={loan} onDone={() => {}} />);
    await screen.findByRole('table', { name: 'Pagos pendientes' });
    expect(total()).toHaveTextContent('$0.00');
    expect(screen.getByRole('button', { name: 'Registrar Pago' })).toBeDisabled();
    expect(screen.queryByText('Las multas pendientes se incluyen siempre')).not.toBeInTheDocument();
    await userEvent.click(checkbox('Pago 2 de 12'));
    expect(screen.getByRole('button', { name: 'Registrar Pago por $1,000.00' })).toBeEnabled();
  });

  it('offers the dropzone only for Transferencia and sends the JSON part with only the first image', async () => {
    session.start(agentLogin);
    const pending = pendingOf(loan, [fee(1)]);
    const { requests } = serve(pending);
    const onDone = vi.fn();
    renderWithProviders(<PaymentForm loan={loan} onDone={onDone} />);
    await screen.findByRole('table', { name: 'Pagos pendientes' });

    expect(screen.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
    const prompt = 'Click para elegir imagen o suelta una imagen aqui';
    expect(screen.queryByText(prompt)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Transferencia' }));
    expect(screen.getByText(prompt)).toBeInTheDocument();
    const input = screen.getByLabelText('Comprobante de pago') as HTMLInputElement;
    expect(input.accept.split(',')).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp', 'image/heic']),
    );
    expect(input.multiple).toBe(false);

    // Two images dropped at once: only the first is kept.
    const first = png('comprobante.png');
    const second = png('otro.png');
    fireEvent.drop(input.parentElement as HTMLElement, {
      dataTransfer: { files: [first, second], types: ['Files'] },
    });
    expect(await screen.findByText('comprobante.png')).toBeInTheDocument();
    expect(screen.queryByText('otro.png')).not.toBeInTheDocument();
    expect(screen.queryByText(prompt)).not.toBeInTheDocument();

    // 'Borrar' removes it; choosing again through the input attaches the new one.
    await userEvent.click(screen.getByRole('button', { name: 'Borrar' }));
    expect(screen.getByText(prompt)).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Comprobante de pago'), first);
    expect(await screen.findByText('comprobante.png')).toBeInTheDocument();

    await userEvent.click(checkbox('Pago 2 de 12'));
    await userEvent.click(checkbox('Pago 3 de 12'));
    await userEvent.click(screen.getByRole('button', { name: 'Registrar Pago por $2,050.00' }));

    expect(await screen.findByText('Pago registrado correctamente!')).toBeInTheDocument();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const post = requests.find((r) => r.method === 'POST');
    const body = post?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(post?.headers.get('content-type')).toBeNull();
    const part = body.get('paymentRequest') as Blob;
    expect(part.type).toBe('application/json');
    expect(JSON.parse(await part.text())).toEqual({
      scheduledPaymentIds: pending.scheduledPayments.slice(0, 2).map((p) => p.id),
      feeIds: [fee(1).id],
      paymentMethod: 'TRANSFER',
    });
    const files = body.getAll('file');
    expect(files).toHaveLength(1);
    expect((files[0] as File).name).toBe('comprobante.png');
  });

  it('sends no file for Efectivo, and shows the server detail when the payment is refused', async () => {
    session.start(agentLogin);
    const { requests } = serve(pendingOf(loan, []), () =>
      problem(409, 'Alguno de los conceptos ya está en otro pago'),
    );
    const onDone = vi.fn();
    renderWithProviders(<PaymentForm loan={loan} onDone={onDone} />);
    await screen.findByRole('table', { name: 'Pagos pendientes' });
    await userEvent.click(checkbox('Pago 2 de 12'));
    await userEvent.click(screen.getByRole('button', { name: 'Registrar Pago por $1,000.00' }));
    expect(await screen.findByText('No se pudo registrar el pago')).toBeInTheDocument();
    expect(screen.getByText('Alguno de los conceptos ya está en otro pago')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    const body = requests.find((r) => r.method === 'POST')?.body as FormData;
    expect(JSON.parse(await (body.get('paymentRequest') as Blob).text())).toMatchObject({
      paymentMethod: 'CASH',
      feeIds: [],
    });
    expect(body.getAll('file')).toHaveLength(0);
  });

  it('keeps the ticked installments and drops only the image when the server refuses the proof', async () => {
    session.start(agentLogin);
    serve(pendingOf(loan, []), () =>
      problem(415, 'El comprobante debe ser una imagen JPG, PNG, WebP o HEIC'),
    );
    renderWithProviders(<PaymentForm loan={loan} onDone={() => {}} />);
    await screen.findByRole('table', { name: 'Pagos pendientes' });
    await userEvent.click(checkbox('Pago 3 de 12'));
    await userEvent.click(screen.getByRole('radio', { name: 'Transferencia' }));
    await userEvent.upload(screen.getByLabelText('Comprobante de pago'), png('falso.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Registrar Pago por $2,000.00' }));

    expect(
      await screen.findByText('El comprobante debe ser una imagen JPG, PNG, WebP o HEIC'),
    ).toBeInTheDocument();
    expect(total()).toHaveTextContent('$2,000.00');
    expect((checkbox('Pago 3 de 12') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('falso.png')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Comprobante de pago')).toBeInTheDocument();
  });

  it('sends one registration for a double click, with an Idempotency-Key, disabled until the reply', async () => {
    session.start(agentLogin);
    const held = heldReply(() => json(201, { status: 'OK', data: paymentReply() }));
    const { requests } = serve(pendingOf(loan, []), held.reply);
    const onDone = vi.fn();
    renderWithProviders(<PaymentForm loan={loan} onDone={onDone} />);
    await screen.findByRole('table', { name: 'Pagos pendientes' });
    await userEvent.click(checkbox('Pago 2 de 12'));
    const button = screen.getByRole('button', { name: 'Registrar Pago por $1,000.00' });
    await expectOneSendPerDoubleClick(button, { release: held.release, requests, done: onDone });
  });

  it('says so when nothing is pending', async () => {
    session.start(agentLogin);
    mockServer(({ url }) =>
      url.pathname === pendingPath ? ok(200, { scheduledPayments: [], fees: [], total: 0 }) : undefined,
    );
    renderWithProviders(<PaymentForm loan={loan} onDone={() => {}} />);
    expect(await screen.findByText('Este préstamo no tiene pagos pendientes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Registrar Pago/ })).not.toBeInTheDocument();
  });
});
