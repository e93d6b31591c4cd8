import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format.ts';
import { json, mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { detailsOf, ok, PAYMENT_ID } from '../test/fixtures.ts';
import { MAX_RECEIPT_LINES, PaymentReceipt, receiptFolio, receiptLines } from './PaymentReceipt.tsx';

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

afterEach(() => vi.restoreAllMocks());

describe('PaymentReceipt (print)', { timeout: 20_000 }, () => {
  it('prints the PrestaYa header, folio, customer, loan, lines, totals and status; Imprimir calls print()', async () => {
    const details = detailsOf({ status: 'PAID', bankAccount: { id: 'b', name: 'Caja Principal' } });
    mockServer(({ url }) =>
      url.pathname === `/api/v1/payments/${PAYMENT_ID}/details` ? json(200, ok(details)) : undefined,
    );
    renderWithProviders(<PaymentReceipt paymentId={PAYMENT_ID} />);

    expect(await screen.findByRole('heading', { name: 'Recibo de pago', level: 1 })).toBeInTheDocument();
    const folio = receiptFolio(details.payment);
    expect(folio).toBe(`1002-${PAYMENT_ID.replace(/-/g, '').slice(-8).toUpperCase()}`);
    expect(screen.getByText(`Folio ${folio}`)).toBeInTheDocument();
    expect(screen.getByText('PrestaYa')).toBeInTheDocument();
    expect(document.title).toBe(`Recibo ${folio} · PrestaYa`);

    const fields = within(screen.getByLabelText('Datos del pago'));
    expect(fields.getByText('José Gómez Ruiz')).toBeInTheDocument();
    expect(fields.getByText('No. 1002')).toBeInTheDocument();
    expect(fields.getByText('Transferencia')).toBeInTheDocument();
    expect(fields.getByText('Caja Principal')).toBeInTheDocument();
    expect(fields.getByText('Luis Pérez (No. 7)')).toBeInTheDocument();
    expect(screen.getByTestId('receipt-status')).toHaveTextContent('Confirmado');

    expect(rows(screen.getByRole('table', { name: 'Conceptos del recibo' }))).toEqual([
      ['Concepto', 'Tipo', 'Fecha', 'Monto'],
      ['Pago 1 de 12', 'Pago', '02/03/2026', '$1,000.00'],
      ['Pago 2 de 12', 'Pago', '09/03/2026', '$1,000.00'],
      ['Multa día 03/03/2026', 'Multa', '03/03/2026', '$50.00'],
    ]);
    expect(rows(screen.getByRole('table', { name: 'Totales del recibo' }))).toEqual([
      ['Total pagos', '$2,000.00'],
      ['Total multas', '$50.00'],
      ['Total', '$2,050.00'],
    ]);
    expect(rows(screen.getByRole('table', { name: 'Saldo del préstamo' }))).toEqual([
      ['Saldo restante', '$10,000.00'],
    ]);
    // A confirmed payment carries no warning.
    expect(screen.queryByText(/no acredita/)).not.toBeInTheDocument();

    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('dates a collection sent later by when it was collected, and says when it was received', async () => {
    const collectedAt = '2026-03-08T20:34:00.000Z';
    const details = detailsOf({ collectedAt });
    mockServer(({ url }) =>
      url.pathname === `/api/v1/payments/${PAYMENT_ID}/details` ? json(200, ok(details)) : undefined,
    );
    renderWithProviders(<PaymentReceipt paymentId={PAYMENT_ID} />);
    const fields = within(await screen.findByLabelText('Datos del pago'));
    expect(fields.getByText('Fecha de pago').nextSibling).toHaveTextContent(formatDateTime(collectedAt));
    expect(fields.getByText('Recibido en oficina').nextSibling).toHaveTextContent(
      formatDateTime(details.payment.createdOn),
    );
  });

  it('shows one date for a payment collected when it was registered', async () => {
    const details = detailsOf();
    mockServer(({ url }) =>
      url.pathname === `/api/v1/payments/${PAYMENT_ID}/details` ? json(200, ok(details)) : undefined,
    );
    renderWithProviders(<PaymentReceipt paymentId={PAYMENT_ID} />);
    const fields = within(await screen.findByLabelText('Datos del pago'));
    expect(fields.getByText('Fecha de pago').nextSibling).toHaveTextContent(
      formatDateTime(details.payment.createdOn),
    );
    expect(fields.queryByText('Recibido en oficina')).not.toBeInTheDocument();
  });

  it("prints the business's name and only the contact lines it set", async () => {
    const details = detailsOf({ status: 'PAID', bankAccount: { id: 'b', name: 'Caja Principal' } });
    mockServer(({ url }) => {
      if (url.pathname === `/api/v1/payments/${PAYMENT_ID}/details`) return json(200, ok(details));
      if (url.pathname === '/api/v1/settings/business') {
        return json(
          200,
          ok({
            name: 'Préstamos Don Beto',
            phone: '5587654321',
            whatsapp: null,
            address: 'Av. Juárez 120, Centro',
            hours: null,
            complaintsContact: 'quejas@donbeto.mx',
          }),
        );
      }
      return undefined;
    });
    renderWithProviders(<PaymentReceipt paymentId={PAYMENT_ID} />);
    expect(await screen.findByText('Préstamos Don Beto')).toBeInTheDocument();
    expect(screen.getAllByTestId('print-business-contact').map((line) => line.textContent)).toEqual([
      'Tel. 55 8765 4321',
      'Av. Juárez 120, Centro',
      'Quejas y aclaraciones: quejas@donbeto.mx',
    ]);
    expect(screen.queryByText('PrestaYa')).not.toBeInTheDocument();
  });

  it('says a payment still in validation is not a confirmed payment', async () => {
    mockServer(() => json(200, ok(detailsOf({ status: 'VALIDATING' }))));
    renderWithProviders(<PaymentReceipt paymentId={PAYMENT_ID} />);
    expect(await screen.findByTestId('receipt-status')).toHaveTextContent('Validando');
    expect(
      screen.getByText('Pago en validación: este recibo no acredita un pago confirmado.'),
    ).toBeInTheDocument();
    expect(rows(screen.getByRole('table', { name: 'Saldo del préstamo' }))).toEqual([
      ['Saldo al confirmarse este pago', '$10,000.00'],
    ]);
  });

  it('prints why a rejected payment was rejected, and no balance, as it covered nothing', async () => {
    const rejectionReason = 'El depósito no aparece en el banco';
    mockServer(() => json(200, ok(detailsOf({ status: 'REJECTED', rejectionReason }))));
    renderWithProviders(<PaymentReceipt paymentId={PAYMENT_ID} />);
    expect(await screen.findByTestId('receipt-status')).toHaveTextContent('Rechazado');
    expect(screen.getByTestId('receipt-rejection-reason')).toHaveTextContent(
      `Motivo del rechazo: ${rejectionReason}`,
    );
    expect(screen.queryByRole('table', { name: 'Saldo del préstamo' })).not.toBeInTheDocument();
  });

  it('keeps a long receipt on one page: the installments plus one summed line for many fees', async () => {
    const installments = Array.from({ length: 12 }, (_, i) => ({
      concept: `Pago ${i + 1} de 12`,
      amount: 1_000,
      type: 'Pago' as const,
      date: `2026-0${i < 9 ? 1 : 2}-${String((i % 9) + 1).padStart(2, '0')}`,
    }));
    const fees = Array.from({ length: 30 }, (_, i) => ({
      concept: `Multa día ${i + 1}`,
      amount: 33.33,
      type: 'Multa' as const,
      date: `2026-03-${String(i + 1).padStart(2, '0')}`,
    }));
    const printed = receiptLines([...installments, ...fees]);
    expect(printed).toHaveLength(13);
    // 30 × $33.33 summed in centavos.
    expect(printed.at(-1)).toEqual({
      concept: 'Multas (30), 01/03/2026 al 30/03/2026',
      type: 'Multa',
      date: '2026-03-30',
      amount: 999.9,
    });
    // Short receipts keep every line.
    const short = [...installments.slice(0, 2), ...fees.slice(0, MAX_RECEIPT_LINES - 2)];
    expect(receiptLines(short)).toEqual(short);

    mockServer(() => json(200, ok({ ...detailsOf(), lines: [...installments, ...fees] })));
    renderWithProviders(<PaymentReceipt paymentId={PAYMENT_ID} />);
    const table = await screen.findByRole('table', { name: 'Conceptos del recibo' });
    expect(within(table).getAllByRole('row')).toHaveLength(14);
    expect(within(table).getByText('Multas (30), 01/03/2026 al 30/03/2026')).toBeInTheDocument();
  });

  it("shows the server's detail instead of a blank sheet when the payment cannot be loaded", async () => {
    mockServer(() => problem(404, 'Pago no encontrado'));
    renderWithProviders(<PaymentReceipt paymentId={PAYMENT_ID} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Pago no encontrado');
    expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument();
  });
});
