import type { LoanProduct, PayoffQuote } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { adminLogin, CUSTOMER_ID, loanIn, ok } from '../test/fixtures.ts';
import { LoanDialog } from './LoanDialog.tsx';
import { RENEWAL_PRODUCT_LABEL, RenewDialog } from './RenewDialog.tsx';

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
  renewalThreshold: 6,
});

const loan = loanIn('ACTIVE', { product: { id: SPEC.id, name: SPEC.name } });

/** 8 of 12 paid: $4,000 remain, no discount; the loan's own threshold (8) is reached. */
const quote: PayoffQuote = {
  loan: { id: loan.id, num: loan.num },
  customer: { id: loan.customer.id, name: 'José Gómez' },
  date: '2026-03-25',
  installments: 4_000,
  fines: 0,
  interestNotDue: 666.64,
  discountBp: 0,
  discount: 0,
  total: 4_000,
  renewal: { paidInstallments: 8, threshold: 8, eligible: true },
  lines: [],
};

function serve(products: LoanProduct[]) {
  return mockServer(({ method, url }) => {
    if (url.pathname === '/api/v1/loan-products') return ok(200, products);
    if (url.pathname === `/api/v1/loans/${loan.id}/payoff-quote`) return ok(200, quote);
    if (method === 'POST' && url.pathname === `/api/v1/customers/${CUSTOMER_ID}/loans`) {
      return ok(201, loanIn('PENDING'));
    }
    return undefined;
  });
}

describe("'Renovar' under a product", { timeout: 30_000 }, () => {
  it("with several active products, starts on the loan's own and renews under the one chosen", async () => {
    session.start(adminLogin);
    const { requests } = serve([SPEC, SHORT]);
    renderWithProviders(<RenewDialog loan={loan} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Renovar préstamo' }));
    const choice = await dialog.findByRole('combobox', { name: RENEWAL_PRODUCT_LABEL });
    await waitFor(() => expect(choice).toHaveValue('Semanal 12'));

    await userEvent.click(choice);
    await userEvent.click(await screen.findByRole('option', { name: 'Quincenal 8' }));
    expect(dialog.getByText('De $2,000.00 a $20,000.00')).toBeInTheDocument();
    const amount = dialog.getByRole('textbox', { name: 'Monto del préstamo nuevo' });
    await userEvent.type(amount, '25000');
    expect(dialog.getByText('El producto Quincenal 8 presta de $2,000.00 a $20,000.00')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Solicitar renovación' })).toBeDisabled();

    await userEvent.clear(amount);
    await userEvent.type(amount, '15000');
    // 16 % over 8 weeks: $17,400 in 8 of $2,175; $15,000 − $4,000 handed over.
    expect(dialog.getByTestId('renewal-terms')).toHaveTextContent(
      'Quincenal 8: 8 pagos semanales de $2,175.00 · Total a pagar $17,400.00',
    );
    expect(dialog.getByTestId('renewal-cash')).toHaveTextContent('Efectivo a entregar: $11,000.00');
    await userEvent.click(dialog.getByRole('button', { name: 'Solicitar renovación' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { amount: 15_000, renewsLoanId: loan.id, loanFromPast: false, productId: SHORT.id },
      ]),
    );
  });

  it('with one active product shows no choice and names none', async () => {
    session.start(adminLogin);
    const { requests } = serve([SPEC, { ...SHORT, active: false }]);
    renderWithProviders(<RenewDialog loan={loan} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Renovar préstamo' }));
    const amount = await dialog.findByRole('textbox', { name: 'Monto del préstamo nuevo' });
    await userEvent.type(amount, '15000');
    expect(dialog.queryByRole('combobox', { name: RENEWAL_PRODUCT_LABEL })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(dialog.getByTestId('renewal-terms')).toHaveTextContent('12 pagos semanales de $1,500.00'),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Solicitar renovación' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { amount: 15_000, renewsLoanId: loan.id, loanFromPast: false },
      ]),
    );
  });

  it("'Nueva solicitud de Préstamo' offers the renewal of the loan in progress", async () => {
    session.start(adminLogin);
    serve([SPEC]);
    const onRenew = vi.fn();
    renderWithProviders(
      <LoanDialog
        opened
        customerId={CUSTOMER_ID}
        loanId={null}
        onClose={() => undefined}
        renewable={loan}
        onRenew={onRenew}
      />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Nueva solicitud de Préstamo' }));
    expect(dialog.getByTestId('renewal-offer')).toHaveTextContent(`préstamo No. ${loan.num} en curso`);
    await userEvent.click(dialog.getByRole('button', { name: `Renovar préstamo No. ${loan.num}` }));
    expect(onRenew).toHaveBeenCalledWith(loan);
  });
});
