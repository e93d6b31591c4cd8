import type { Loan } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { businessToday } from '../../../lib/format.ts';
import { session } from '../../../lib/session.ts';
import { expectRefusal, mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { adminLogin, agentLogin, CUSTOMER_ID, loanIn, ok } from '../test/fixtures.ts';
import { LoanDialog } from './LoanDialog.tsx';

const loansPath = `/api/v1/customers/${CUSTOMER_ID}/loans`;

async function newLoanDialog() {
  return within(await screen.findByRole('dialog', { name: 'Nueva solicitud de Préstamo' }));
}

/** Opens 'Editar Préstamo' on `loan` as the server holds it; `saved` answers the PUT. */
async function editLoan(loan: Loan, saved: () => Response, onClose = vi.fn()) {
  const server = mockServer(({ method, url }) => {
    if (url.pathname !== `/api/v1/loans/${loan.id}`) return undefined;
    if (method === 'GET') return ok(200, loan);
    return saved();
  });
  renderWithProviders(<LoanDialog opened customerId={CUSTOMER_ID} loanId={loan.id} onClose={onClose} />);
  return { ...server, d: within(await screen.findByRole('dialog', { name: 'Editar Préstamo' })) };
}

async function typeAmount(d: ReturnType<typeof within>, text: string) {
  const amount = d.getByLabelText(/^Monto/);
  await userEvent.clear(amount);
  if (text) await userEvent.type(amount, text);
  return amount;
}

// Typing into Mantine inputs is slow in jsdom when the machine is busy.
describe('loan form', { timeout: 20_000 }, () => {
  it('closes an untouched request at once, and asks before dropping a typed amount', async () => {
    session.start(adminLogin);
    mockServer(() => undefined);
    const onClose = vi.fn();
    renderWithProviders(<LoanDialog opened customerId={CUSTOMER_ID} loanId={null} onClose={onClose} />);
    const d = await newLoanDialog();
    await userEvent.click(d.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    await typeAmount(d, '5000');
    await userEvent.click(d.getByRole('button', { name: 'Cerrar' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Cambios sin guardar' }));
    await userEvent.click(ask.getByRole('button', { name: 'Salir sin guardar' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('starts as the spec says and shows the weekly fee (10%), installment and total as the amount changes', async () => {
    session.start(adminLogin);
    mockServer(() => undefined);
    renderWithProviders(<LoanDialog opened customerId={CUSTOMER_ID} loanId={null} onClose={() => {}} />);
    const d = await newLoanDialog();

    expect(d.getByLabelText(/^Monto/)).toHaveValue('$0');
    expect(d.getByLabelText('Multa semanal')).toHaveValue('$0.00');
    expect(d.getByRole('combobox', { name: 'Plazo' })).toHaveValue('12 semanas');
    expect(d.getByRole('combobox', { name: 'Multa diaria' })).toHaveValue('$50.00');
    const status = d.getByRole('combobox', { name: 'Estatus' });
    expect(status).toHaveValue('En espera');
    expect(status).toBeDisabled();
    expect(d.getByRole('button', { name: 'Guardar' })).toBeDisabled();

    await typeAmount(d, '10000');
    expect(d.getByLabelText(/^Monto/)).toHaveValue('$10,000');
    expect(d.getByLabelText('Multa semanal')).toHaveValue('$1,000.00');
    expect(d.getByLabelText('Pago semanal')).toHaveValue('$1,000.00');
    expect(d.getByLabelText('Total a pagar')).toHaveValue('$12,000.00');
    expect(d.getByText(/Estimado como lo calcula el sistema/)).toBeInTheDocument();

    // Uneven amounts: the weekly fee is rounded to the centavo, never a float artefact.
    await typeAmount(d, '1234.56');
    expect(d.getByLabelText('Multa semanal')).toHaveValue('$123.46');
    expect(d.getByLabelText('Total a pagar')).toHaveValue('$1,481.47');
    expect(d.getByLabelText('Pago semanal')).toHaveValue('$123.45');
    await waitFor(() => expect(d.getByRole('button', { name: 'Guardar' })).toBeEnabled());
  });

  it("refuses a zero amount with the contracts' message", async () => {
    session.start(adminLogin);
    mockServer(() => undefined);
    renderWithProviders(<LoanDialog opened customerId={CUSTOMER_ID} loanId={null} onClose={() => {}} />);
    const d = await newLoanDialog();
    await typeAmount(d, '5');
    await typeAmount(d, '0');
    await userEvent.tab();
    expect(await d.findByText('El monto debe ser mayor a 0')).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  });

  it('refuses an amount too small to make 12 installments of at least $0.01, naming the minimum', async () => {
    session.start(adminLogin);
    mockServer(() => undefined);
    renderWithProviders(<LoanDialog opened customerId={CUSTOMER_ID} loanId={null} onClose={() => {}} />);
    const d = await newLoanDialog();
    await typeAmount(d, '0.09');
    await userEvent.tab();
    expect(await d.findByText('El monto mínimo de un préstamo es $0.10')).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await typeAmount(d, '0.10');
    await waitFor(() => expect(d.getByRole('button', { name: 'Guardar' })).toBeEnabled());
  });

  it('an admin sees the request date (today) and «Préstamo ya iniciado», and both are sent', async () => {
    session.start(adminLogin);
    const { requests } = mockServer(({ method, url }) =>
      method === 'POST' && url.pathname === loansPath ? ok(201, loanIn('PENDING')) : undefined,
    );
    const onClose = vi.fn();
    renderWithProviders(<LoanDialog opened customerId={CUSTOMER_ID} loanId={null} onClose={onClose} />);
    const d = await newLoanDialog();
    const today = businessToday();
    const [y, m, day] = today.split('-');
    expect(d.getByLabelText('Fecha de solicitud')).toHaveValue(`${day}/${m}/${y}`);
    const fromPast = d.getByRole('checkbox', { name: 'Préstamo ya iniciado' });
    expect(fromPast).not.toBeChecked();
    expect(d.getByText('Evita salida de dinero de las cuentas')).toBeInTheDocument();

    await typeAmount(d, '10000');
    await userEvent.click(fromPast);
    await userEvent.click(d.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Préstamo creado')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { amount: 10000, term: 12, dailyFee: 50, loanFromPast: true, requestDate: today },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('an agent does not see the admin-only fields and never sends them', async () => {
    session.start(agentLogin);
    const { requests } = mockServer(({ method, url }) =>
      method === 'POST' && url.pathname === loansPath ? ok(201, loanIn('PENDING')) : undefined,
    );
    renderWithProviders(<LoanDialog opened customerId={CUSTOMER_ID} loanId={null} onClose={() => {}} />);
    const d = await newLoanDialog();
    expect(d.queryByLabelText('Fecha de solicitud')).not.toBeInTheDocument();
    expect(d.queryByRole('checkbox', { name: 'Préstamo ya iniciado' })).not.toBeInTheDocument();
    expect(d.queryByText('Evita salida de dinero de las cuentas')).not.toBeInTheDocument();
    await typeAmount(d, '2500.50');
    await userEvent.click(d.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Préstamo creado')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      amount: 2500.5,
      term: 12,
      dailyFee: 50,
    });
  });

  it("keeps the dialog open with the server's detail when the request is refused", async () => {
    session.start(agentLogin);
    mockServer(() => problem(409, 'El cliente ya tiene un préstamo en curso'));
    const onClose = vi.fn();
    renderWithProviders(<LoanDialog opened customerId={CUSTOMER_ID} loanId={null} onClose={onClose} />);
    const d = await newLoanDialog();
    await typeAmount(d, '10000');
    await userEvent.click(d.getByRole('button', { name: 'Guardar' }));
    await expectRefusal(
      'No se pudo registrar el préstamo',
      'El cliente ya tiene un préstamo en curso',
      onClose,
    );
    expect(d.getByLabelText(/^Monto/)).toHaveValue('$10,000');
  });

  it('edits a loan loaded by id: amount, term and daily fee are locked once it is not PENDING', async () => {
    session.start(adminLogin);
    const { d } = await editLoan(loanIn('ACTIVE'), () => problem(409, 'No se esperaba un guardado'));
    const amount = await d.findByLabelText(/^Monto/);
    expect(amount).toHaveValue('$10,000');
    expect(amount).toBeDisabled();
    expect(
      d.getByText('Monto, plazo y multa diaria solo se pueden modificar mientras el préstamo está en espera'),
    ).toBeInTheDocument();
    expect(d.getByRole('combobox', { name: 'Plazo' })).toBeDisabled();
    expect(d.getByRole('combobox', { name: 'Multa diaria' })).toBeDisabled();
    expect(d.getByRole('checkbox', { name: 'Préstamo ya iniciado' })).toBeDisabled();
    // The server's figures, not an estimate.
    expect(d.getByLabelText('Multa semanal')).toHaveValue('$1,000.00');
    expect(d.getByLabelText('Total a pagar')).toHaveValue('$12,000.00');
    expect(d.queryByText(/Estimado como lo calcula el sistema/)).not.toBeInTheDocument();

    expect(d.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    // Installments and fees decide a delivered loan's status and it cannot be cancelled: nothing to pick.
    const status = d.getByRole('combobox', { name: 'Estatus' });
    expect(status).toHaveValue('Al corriente');
    expect(status).toBeDisabled();
  });

  it.each([
    ['PENDING', ['En espera', 'Cancelado']],
    ['APPROVED', ['Aprobado', 'Cancelado']],
  ] as const)(
    'a %s loan offers only its status and Cancelado, as the server allows',
    async (from, offered) => {
      session.start(adminLogin);
      const { requests, d } = await editLoan(loanIn(from), () =>
        problem(409, 'No se pudo cancelar el préstamo en este momento'),
      );
      const status = await d.findByRole('combobox', { name: 'Estatus' });
      expect(status).toBeEnabled();
      await userEvent.click(status);
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(offered);
      await userEvent.click(screen.getByRole('option', { name: 'Cancelado' }));
      const save = d.getByRole('button', { name: 'Guardar' });
      await waitFor(() => expect(save).toBeEnabled());
      await userEvent.click(save);
      expect(await screen.findByText('No se pudo actualizar el préstamo')).toBeInTheDocument();
      expect(screen.getByText('No se pudo cancelar el préstamo en este momento')).toBeInTheDocument();
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'CANCELLED' });
    },
  );

  it('an agent edits the amount of a PENDING loan; the status stays read-only and only the change is sent', async () => {
    session.start(agentLogin);
    const pending = loanIn('PENDING');
    const onClose = vi.fn();
    const { requests, d } = await editLoan(pending, () => ok(200, { ...pending, amount: 8000 }), onClose);
    const amount = await d.findByLabelText(/^Monto/);
    expect(amount).toBeEnabled();
    expect(d.getByRole('combobox', { name: 'Estatus' })).toBeDisabled();
    expect(d.queryByLabelText('Fecha de solicitud')).not.toBeInTheDocument();
    await typeAmount(d, '8000');
    expect(d.getByLabelText('Multa semanal')).toHaveValue('$800.00');
    await userEvent.click(d.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Préstamo actualizado')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ amount: 8000 });
    expect(onClose).toHaveBeenCalled();
  });
});
