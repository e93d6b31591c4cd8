import { agentCredentialHeader } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type Handler,
  json,
  mockServer,
  problem,
  renderRoutes,
  type SeenRequest,
} from '../../../test/utils.tsx';
import { fee, installment, LOAN_ID, LOOKUP_PROOF, lookupResult, ok } from '../test/fixtures.ts';
import { PaymentView } from './PaymentView.tsx';

const routes = [
  { path: '/consulta', element: <PaymentView /> },
  { path: '/loans/:id', element: <h1>Estado de cuenta</h1> },
];

const isSearch = (r: SeenRequest) => r.method === 'GET' && r.url.pathname === '/public/api/v1/loans/search';
const isPay = (r: SeenRequest) =>
  r.method === 'POST' && r.url.pathname === `/public/api/v1/loans/${LOAN_ID}/payments`;

async function search(user: ReturnType<typeof userEvent.setup>, num = '1001', phone = '5512345678') {
  if (num) await user.type(screen.getByLabelText('Número de préstamo'), num);
  if (phone) await user.type(screen.getByLabelText('Teléfono (10 dígitos)'), phone);
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
}

/** Answers with `handler`, renders /consulta and submits the default search. */
async function lookUp(handler: Handler) {
  const server = mockServer(handler);
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, '/consulta');
  await search(user);
  return { ...server, user, router };
}

/** A loan whose only installment is #1 ($1,000.00): ticks it and opens 'Registrar Pago'. */
async function openPaymentOfInstallmentOne(payReply: () => Response) {
  const lookup = await lookUp((r) => {
    if (isSearch(r)) return json(200, ok(lookupResult([installment(1)])));
    if (isPay(r)) return payReply();
    return undefined;
  });
  await lookup.user.click(await screen.findByRole('checkbox', { name: 'Pago 1 de 12' }));
  await lookup.user.click(screen.getByRole('button', { name: 'Registrar Pago por $1,000.00' }));
  const dialogEl = await screen.findByRole('dialog', { name: 'Registrar Pago' });
  return { ...lookup, dialogEl, dialog: within(dialogEl) };
}

/** Types the agent's user number and PIN into the dialog and submits it. */
async function authorise(
  user: ReturnType<typeof userEvent.setup>,
  dialog: ReturnType<typeof within>,
  agentNum: string,
  pin: string,
) {
  await user.type(dialog.getByLabelText(/Número de usuario del agente/), agentNum);
  await user.type(dialog.getByLabelText(/^PIN/), pin);
  await user.click(dialog.getByRole('button', { name: 'Registrar Pago' }));
}

async function paymentRequestOf(request: SeenRequest | undefined) {
  const form = request?.body as FormData;
  const part = form.get('paymentRequest') as Blob;
  expect(part.type).toBe('application/json');
  return { json: JSON.parse(await part.text()), file: form.get('file') };
}

describe('PaymentView (/consulta)', { timeout: 20_000 }, () => {
  it('validates with the contract messages and sends nothing until both fields are valid', async () => {
    const { requests } = mockServer(() => undefined);
    const user = userEvent.setup();
    renderRoutes(routes, '/consulta');
    expect(screen.getByLabelText('Número de préstamo')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Teléfono (10 dígitos)')).toHaveAttribute('inputmode', 'numeric');
    await search(user, '', '55123');
    expect(await screen.findByText('Número de préstamo inválido')).toBeInTheDocument();
    expect(screen.getByText('Tel. debe ser de 10 dígitos')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows the not-found alert with the spec texts, and a 429 with the server detail', async () => {
    let reply = () => problem(404, 'No encontrado');
    const { requests, user } = await lookUp((r) => (isSearch(r) ? reply() : undefined));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se encontró el Préstamo');
    expect(alert).toHaveTextContent('No de pudo encontrar el préstamo con los datos proporcionados');
    expect(Object.fromEntries(requests[0]?.url.searchParams ?? [])).toEqual({
      num: '1001',
      phone: '5512345678',
    });

    reply = () => problem(429, 'Demasiadas consultas. Intente de nuevo en un minuto.');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(
      await screen.findByText('Demasiadas consultas. Intente de nuevo en un minuto.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No se encontró el Préstamo')).not.toBeInTheDocument();
  });

  it('does not accept a reply whose status is not OK', async () => {
    await lookUp((r) => (isSearch(r) ? json(200, { status: 'ERROR', data: lookupResult() }) : undefined));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ocurrió un error inesperado');
    expect(screen.queryByText('María López Pérez')).not.toBeInTheDocument();
  });

  it('lists installments oldest first with DD/MM/YY, ticks oldest-first and totals fines + ticked in centavos', async () => {
    const { user } = await lookUp((r) => (isSearch(r) ? json(200, ok(lookupResult())) : undefined));
    expect(await screen.findByText('María López Pérez')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver estado de cuenta' })).toHaveAttribute(
      'href',
      `/loans/${LOAN_ID}`,
    );
    const items = screen.getAllByTestId('public-installment');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Pago 1 de 12');
    expect(items[0]).toHaveTextContent('Vence 15/01/26');
    expect(items[0]).toHaveTextContent('Atrasado');
    expect(items[0]).toHaveTextContent('$1,000.00');
    expect(items[2]).toHaveTextContent('Pago 3 de 12');
    expect(items[2]).toHaveTextContent('Pendiente');

    // No fines and nothing ticked: no button.
    expect(screen.queryByRole('button', { name: /Registrar Pago por/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Pago 3 de 12' }));
    for (const n of [1, 2, 3])
      expect(screen.getByRole('checkbox', { name: `Pago ${n} de 12` })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Registrar Pago por $3,000.00' })).toBeInTheDocument();

    // Unticking #2 leaves only #1 (the selection stays oldest-first).
    await user.click(screen.getByRole('checkbox', { name: 'Pago 2 de 12' }));
    expect(screen.getByRole('checkbox', { name: 'Pago 1 de 12' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Pago 2 de 12' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Pago 3 de 12' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Registrar Pago por $1,000.00' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Pago 1 de 12' }));
    expect(screen.queryByRole('button', { name: /Registrar Pago por/ })).not.toBeInTheDocument();
  });

  it('always includes the fines: the total starts at their sum', async () => {
    const { user } = await lookUp((r) =>
      isSearch(r) ? json(200, ok(lookupResult([installment(1)], [fee(1), fee(2)]))) : undefined,
    );
    expect(await screen.findByText('Las multas pendientes se incluyen siempre')).toBeInTheDocument();
    expect(screen.getByText('Multa por atraso 1')).toBeInTheDocument();
    // 500.50 + 500.50 in centavos, no floating-point drift.
    expect(screen.getByRole('button', { name: 'Registrar Pago por $1,001.00' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Pago 1 de 12' }));
    expect(screen.getByRole('button', { name: 'Registrar Pago por $2,001.00' })).toBeInTheDocument();
  });

  it('registers a cash payment with the Basic agent credential and method 0, then confirms and refreshes', async () => {
    let paid = false;
    const { requests, user } = await lookUp((r) => {
      if (isSearch(r))
        return json(
          200,
          ok(
            paid ? lookupResult([installment(2)]) : lookupResult([installment(1), installment(2)], [fee(1)]),
          ),
        );
      if (isPay(r)) {
        paid = true;
        return json(201, ok({ id: 'p1', amount: 1500.5, status: 'VALIDATING' }));
      }
      return undefined;
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Pago 1 de 12' }));
    await user.click(screen.getByRole('button', { name: 'Registrar Pago por $1,500.50' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Registrar Pago' }));
    expect(dialog.getByLabelText('Total a pagar')).toHaveValue('$1,500.50');
    expect(dialog.getByLabelText('Total a pagar')).toHaveAttribute('readonly');
    expect(dialog.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
    expect(dialog.queryByText('Click para elegir imagen o suelta una imagen aqui')).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Registrar Pago' }));
    expect(await dialog.findByText('Ingrese el número de usuario del agente')).toBeInTheDocument();
    expect(dialog.getByText('El PIN debe tener de 4 a 6 dígitos')).toBeInTheDocument();
    expect(requests.filter(isPay)).toHaveLength(0);

    await user.type(dialog.getByLabelText(/Número de usuario del agente/), '7');
    const pin = dialog.getByLabelText(/^PIN/);
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    await user.type(pin, '2468');
    await user.click(dialog.getByRole('button', { name: 'Registrar Pago' }));

    expect(await screen.findByText('Pago registrado. Tu agente lo validará pronto.')).toBeInTheDocument();
    const pay = requests.find(isPay);
    expect(pay?.headers.get('Authorization')).toBe(agentCredentialHeader('7', '2468'));
    expect(pay?.headers.get('Authorization')).toBe(`Basic ${btoa('7:2468')}`);
    // The lookup's proof goes back with the PIN.
    expect(pay?.headers.get('X-Lookup-Proof')).toBe(LOOKUP_PROOF);
    const sent = await paymentRequestOf(pay);
    expect(sent.json).toEqual({
      scheduledPaymentIds: [installment(1).id],
      feeIds: [fee(1).id],
      paymentMethod: 0,
    });
    expect(sent.file).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The lookup refreshed: only #2 is left.
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: 'Pago 1 de 12' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('checkbox', { name: 'Pago 2 de 12' })).not.toBeChecked();
  });

  it('sends method 1 with the proof image for Transferencia; Borrar removes it', async () => {
    const { requests, user, dialogEl, dialog } = await openPaymentOfInstallmentOne(() =>
      json(201, ok({ id: 'p1', amount: 1000, status: 'VALIDATING' })),
    );
    await user.click(dialog.getByRole('radio', { name: 'Transferencia' }));
    expect(dialog.getByText('Click para elegir imagen o suelta una imagen aqui')).toBeInTheDocument();
    await authorise(user, dialog, '12', '123456');
    expect(
      await dialog.findByText('Adjunte la imagen del comprobante de la transferencia'),
    ).toBeInTheDocument();

    const image = new File([new Uint8Array([137, 80, 78, 71])], 'comprobante.png', { type: 'image/png' });
    const input = dialogEl.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, image);
    expect(await dialog.findByText('comprobante.png')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Borrar' }));
    expect(dialog.queryByText('comprobante.png')).not.toBeInTheDocument();
    await user.upload(dialogEl.querySelector('input[type="file"]') as HTMLInputElement, image);
    expect(await dialog.findByText('comprobante.png')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Registrar Pago' }));
    expect(await screen.findByText('Pago registrado. Tu agente lo validará pronto.')).toBeInTheDocument();
    const pay = requests.find(isPay);
    expect(pay?.headers.get('Authorization')).toBe(agentCredentialHeader('12', '123456'));
    const sent = await paymentRequestOf(pay);
    expect(sent.json).toEqual({ scheduledPaymentIds: [installment(1).id], feeIds: [], paymentMethod: 1 });
    expect((sent.file as File).name).toBe('comprobante.png');
  });

  it('a refused proof image is dropped and flagged; the ticked installment stays', async () => {
    const refused = 'El comprobante excede 10 MB';
    const { user, dialogEl, dialog } = await openPaymentOfInstallmentOne(() => problem(413, refused));
    await user.click(dialog.getByRole('radio', { name: 'Transferencia' }));
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'grande.png', { type: 'image/png' });
    await user.upload(dialogEl.querySelector('input[type="file"]') as HTMLInputElement, image);
    await authorise(user, dialog, '12', '123456');
    await waitFor(() => expect(dialog.getAllByText(refused).length).toBeGreaterThan(0));
    expect(dialog.queryByText('grande.png')).not.toBeInTheDocument();
    expect(dialog.getByText('Click para elegir imagen o suelta una imagen aqui')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Pago 1 de 12', hidden: true })).toBeChecked();
  });

  it('a locked PIN (423) shows its own title and the time it opens, distinct from a wrong PIN', async () => {
    const locked = 'PIN bloqueado por demasiados intentos; intente de nuevo a las 12:16';
    const { user, dialog } = await openPaymentOfInstallmentOne(() => problem(423, locked));
    await authorise(user, dialog, '7', '4826');
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('PIN bloqueado');
    expect(alert).toHaveTextContent(locked);
    expect(alert).not.toHaveTextContent('No se pudo registrar el pago');
    // The alert is labelled by its title ('PIN bloqueado'): the field is the one labelled just PIN.
    expect(dialog.getByLabelText(/^PIN\s*\*?$/)).toHaveValue('');
  });

  it('a 401 keeps the dialog open with the server detail and no logout', async () => {
    const detail = 'Autorización inválida: verifique su número de usuario y PIN';
    const { requests, user, router, dialog } = await openPaymentOfInstallmentOne(() => problem(401, detail));
    await authorise(user, dialog, '7', '0000');
    expect(await dialog.findByText(detail)).toBeInTheDocument();
    expect(dialog.getByRole('alert')).toHaveTextContent('No se pudo registrar el pago');
    expect(screen.getByRole('dialog', { name: 'Registrar Pago' })).toBeInTheDocument();
    expect(dialog.getByLabelText(/^PIN/)).toHaveValue('');
    expect(dialog.getByLabelText(/Número de usuario del agente/)).toHaveValue('7');
    expect(router.state.location.pathname).toBe('/consulta');
    expect(screen.queryByText('Pago registrado. Tu agente lo validará pronto.')).not.toBeInTheDocument();
    expect(requests.filter(isPay)).toHaveLength(1);
    expect(requests.filter(isSearch)).toHaveLength(1);
  });

  it("'Enviar sin PIN' sends the selection with the lookup's proof and no credential; the agent authorises later", async () => {
    const isAsk = (r: SeenRequest) =>
      r.method === 'POST' && r.url.pathname === `/public/api/v1/loans/${LOAN_ID}/payment-requests`;
    const { requests, user } = await lookUp((r) => {
      if (isSearch(r)) return json(200, ok(lookupResult([installment(1), installment(2)])));
      if (isAsk(r))
        return json(
          201,
          ok({ id: 'r1', amount: 500.5, status: 'PENDING', createdOn: '2026-03-20T17:00:00Z' }),
        );
      return undefined;
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Pago 1 de 12' }));
    await user.click(screen.getByRole('button', { name: 'Registrar Pago por $1,000.00' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Registrar Pago' }));
    // No agent number or PIN needed for this one.
    await user.click(dialog.getByRole('button', { name: 'Enviar sin PIN' }));
    expect(
      await screen.findByText(
        'Pago enviado sin PIN. Tu agente lo autorizará desde su sesión; después queda en validación.',
      ),
    ).toBeInTheDocument();
    const ask = requests.find(isAsk);
    expect(ask?.headers.get('Authorization')).toBeNull();
    expect(ask?.headers.get('X-Lookup-Proof')).toBe(LOOKUP_PROOF);
    expect((await paymentRequestOf(ask)).json).toEqual({
      scheduledPaymentIds: [installment(1).id],
      feeIds: [],
      paymentMethod: 0,
    });
    expect(requests.filter(isPay)).toHaveLength(0);
  });
});
