import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { adminLogin, CUSTOMER_ID, loanIn, ok, scheduleOf } from '../test/fixtures.ts';
import { LoanDialog } from './LoanDialog.tsx';
import { LoanStatement } from './LoanStatement.tsx';

const CAT = 'CAT sin IVA, para fines informativos';

describe("the CAT of the specification's product", { timeout: 20_000 }, () => {
  it('the loan form shows it live as the amount is typed, 347.3 %', async () => {
    session.start(adminLogin);
    mockServer(() => undefined);
    renderWithProviders(<LoanDialog opened customerId={CUSTOMER_ID} loanId={null} onClose={() => {}} />);
    const d = within(await screen.findByRole('dialog', { name: 'Nueva solicitud de Préstamo' }));
    expect(d.getByTestId('loan-form-cat')).toHaveTextContent(`${CAT}: —`);
    await userEvent.type(d.getByLabelText(/^Monto/), '3000');
    await waitFor(() => expect(d.getByTestId('loan-form-cat')).toHaveTextContent(`${CAT}: 347.3 %`));
  });

  it('the printed statement shows the server’s figure', async () => {
    const loan = loanIn('ACTIVE');
    const base = `/api/v1/loans/${loan.id}`;
    mockServer(({ url }) => {
      if (url.pathname === base) return ok(200, loan);
      if (url.pathname === `${base}/cat`) return ok(200, { cat: 347.3 });
      if (url.pathname === `${base}/scheduled-payments`) return ok(200, scheduleOf(loan));
      if (url.pathname === `${base}/fees` || url.pathname === `${base}/payments`) return ok(200, []);
      return undefined;
    });
    renderWithProviders(<LoanStatement loanId={loan.id} />);
    const fields = within(await screen.findByLabelText('Datos del préstamo'));
    await waitFor(() => expect(fields.getByText(CAT).nextSibling).toHaveTextContent('347.3 %'));
  });
});
