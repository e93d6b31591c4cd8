import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { detailsOf, ok, PAYMENT_ID } from '../test/fixtures.ts';
import { Lines } from './PaymentLines.tsx';
import { PaymentReceipt } from './PaymentReceipt.tsx';

/** An abono of $1,400: a $50 fine, installment 1 and $350 of installment 2 ($650 remain). */
const abono = () => {
  const details = detailsOf({ kind: 'ABONO', amount: 1_400 });
  return {
    ...details,
    lines: [
      { concept: 'Pago 1 de 12', amount: 1_000, type: 'Pago' as const, date: '2026-03-02' },
      {
        concept: 'Pago 2 de 12',
        amount: 350,
        type: 'Pago' as const,
        date: '2026-03-09',
        remainingAfter: 650,
      },
      { concept: 'Multa día 03/03/2026', amount: 50, type: 'Multa' as const, date: '2026-03-03' },
    ],
    totals: { scheduledPayments: 1_350, fees: 50, total: 1_400 },
  };
};

describe('an abono on its receipt and its details', { timeout: 20_000 }, () => {
  it('names the abono and says what remained of the installment it paid in part', async () => {
    const details = abono();
    mockServer(({ url }) =>
      url.pathname === `/api/v1/payments/${PAYMENT_ID}/details` ? json(200, ok(details)) : undefined,
    );
    renderWithProviders(<PaymentReceipt paymentId={PAYMENT_ID} />);
    expect(await screen.findByRole('heading', { name: 'Recibo de pago', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByLabelText('Datos del pago')).getByText('Abono')).toBeInTheDocument();
    const concepts = within(screen.getByRole('table', { name: 'Conceptos del recibo' }));
    expect(concepts.getByText('Pago 2 de 12 (abono parcial, resta $650.00)')).toBeInTheDocument();
    expect(concepts.getByText('Pago 1 de 12')).toBeInTheDocument();
  });

  it('the details lines show the partial line', () => {
    renderWithProviders(<Lines lines={abono().lines} />);
    const table = screen.getByRole('table', { name: 'Conceptos del pago' });
    expect(within(table).getByText('Abono parcial · resta $650.00')).toBeInTheDocument();
    expect(within(table).getAllByText(/Abono parcial/)).toHaveLength(1);
  });
});
