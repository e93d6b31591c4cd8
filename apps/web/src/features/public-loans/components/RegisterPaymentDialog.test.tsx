import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { LOAN_ID } from '../test/fixtures.ts';
import { RegisterPaymentDialog } from './RegisterPaymentDialog.tsx';

describe('the public Registrar Pago dialog', { timeout: 20_000 }, () => {
  it('sends one payment for a double click, with an Idempotency-Key, disabled until the reply', async () => {
    let answer: () => void = () => {};
    const replied = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { requests } = mockServer(({ method }) =>
      method === 'POST'
        ? replied.then(() =>
            json(201, { status: 'OK', data: { id: 'p1', amount: 1000, status: 'VALIDATING' } }),
          )
        : undefined,
    );
    const onRegistered = vi.fn();
    renderWithProviders(
      <RegisterPaymentDialog
        opened
        onClose={() => {}}
        loanId={LOAN_ID}
        totalCents={100_000}
        scheduledPaymentIds={['s1']}
        feeIds={[]}
        onRegistered={onRegistered}
      />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Registrar Pago' }));
    const user = userEvent.setup();
    await user.type(dialog.getByLabelText(/Número de usuario del agente/), '1002');
    await user.type(dialog.getByLabelText(/^PIN/), '2468');
    const button = dialog.getByRole('button', { name: 'Registrar Pago' });
    // Both clicks land before React re-renders the button as loading, as a quick double click can.
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(button).toBeDisabled());
    answer();
    await waitFor(() => expect(onRegistered).toHaveBeenCalledTimes(1));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });
});
