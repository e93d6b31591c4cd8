import type { LoanProduct } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { agentLogin, CUSTOMER_ID, loanIn, ok } from '../test/fixtures.ts';
import { LoanDialog } from './LoanDialog.tsx';

const loansPath = `/api/v1/customers/${CUSTOMER_ID}/loans`;

const product = (overrides: Partial<LoanProduct>): LoanProduct => ({
  id: '0190a0c0-0000-7000-8000-00000000a001',
  name: 'Semanal 12',
  termWeeks: 12,
  interestPercent: 20,
  dailyFee: 50,
  lateFeeCapPercent: 10,
  minAmount: 100,
  maxAmount: 50_000,
  renewalThreshold: 8,
  payoffDiscountPercent: 0,
  active: true,
  createdOn: '2026-03-01T16:00:00.000Z',
  updatedOn: '2026-03-01T16:00:00.000Z',
  ...overrides,
});
const SPEC = product({});
const SHORT = product({
  id: '0190a0c0-0000-7000-8000-00000000a002',
  name: 'Quincenal 8',
  termWeeks: 8,
  interestPercent: 16,
  dailyFee: 30,
  lateFeeCapPercent: 5,
  minAmount: 2_000,
  maxAmount: 20_000,
});

/** Opens 'Nueva solicitud de Préstamo' with the server offering `products`; the POST is answered. */
async function newLoan(products: LoanProduct[]) {
  session.start(agentLogin);
  const server = mockServer(({ method, url }) => {
    if (url.pathname === '/api/v1/loan-products') return ok(200, products);
    if (method === 'POST' && url.pathname === loansPath) return ok(201, loanIn('PENDING'));
    return undefined;
  });
  renderWithProviders(<LoanDialog opened customerId={CUSTOMER_ID} loanId={null} onClose={() => {}} />);
  const d = within(await screen.findByRole('dialog', { name: 'Nueva solicitud de Préstamo' }));
  await waitFor(() =>
    expect(server.requests.some((r) => r.url.pathname === '/api/v1/loan-products')).toBe(true),
  );
  return { ...server, d };
}

async function typeAmount(d: ReturnType<typeof within>, text: string) {
  const amount = d.getByLabelText(/^Monto/);
  await userEvent.clear(amount);
  await userEvent.type(amount, text);
}

describe('loan form with loan products', { timeout: 30_000 }, () => {
  it("with one active product it is the specification's form and sends no product", async () => {
    const { d, requests } = await newLoan([SPEC, { ...SHORT, active: false }]);
    expect(await d.findByText('De $100.00 a $50,000.00')).toBeInTheDocument();
    expect(d.queryByRole('combobox', { name: 'Producto' })).not.toBeInTheDocument();
    expect(d.getByRole('combobox', { name: 'Plazo' })).toHaveValue('12 semanas');
    expect(d.getByRole('combobox', { name: 'Multa diaria' })).toHaveValue('$50.00');
    await typeAmount(d, '10000');
    expect(d.getByLabelText('Multa semanal')).toHaveValue('$1,000.00');
    await userEvent.click(d.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Préstamo creado')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      amount: 10000,
      term: 12,
      dailyFee: 50,
    });
  });

  it('with two it asks for the product first, then fills term, fees and figures read-only from it', async () => {
    const { d, requests } = await newLoan([SHORT, SPEC]);
    const choice = await d.findByRole('combobox', { name: 'Producto' });
    await typeAmount(d, '5000');
    // Without a product the request cannot be saved.
    await waitFor(() => expect(d.getByLabelText('Multa semanal')).toHaveValue('$500.00'));
    expect(d.getByRole('button', { name: 'Guardar' })).toBeDisabled();

    await userEvent.click(choice);
    await userEvent.click(await screen.findByRole('option', { name: 'Quincenal 8' }));
    expect(d.getByRole('combobox', { name: 'Plazo' })).toHaveValue('8 semanas');
    expect(d.getByRole('combobox', { name: 'Plazo' })).toBeDisabled();
    expect(d.getByRole('combobox', { name: 'Multa diaria' })).toHaveValue('$30.00');
    expect(d.getByRole('combobox', { name: 'Multa diaria' })).toBeDisabled();
    expect(d.getByText('De $2,000.00 a $20,000.00')).toBeInTheDocument();
    // 5 % cap of $5,000; 16 % over 8 weeks: $5,800 in 8 of $725.
    expect(d.getByLabelText('Multa semanal')).toHaveValue('$250.00');
    expect(d.getByLabelText('Total a pagar')).toHaveValue('$5,800.00');
    expect(d.getByLabelText('Pago semanal')).toHaveValue('$725.00');

    await waitFor(() => expect(d.getByRole('button', { name: 'Guardar' })).toBeEnabled());
    await userEvent.click(d.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Préstamo creado')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      amount: 5000,
      productId: SHORT.id,
      term: 8,
      dailyFee: 30,
    });
  });
});
