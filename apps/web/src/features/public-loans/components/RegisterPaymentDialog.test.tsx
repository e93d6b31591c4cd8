import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, it, vi } from 'vitest';
import { expectOneSendPerDoubleClick, heldReply } from '../../../test/double-click.ts';
import { json, mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { LOAN_ID, LOOKUP_PROOF } from '../test/fixtures.ts';
import { RegisterPaymentDialog } from './RegisterPaymentDialog.tsx';

describe('the public Registrar Pago dialog', { timeout: 20_000 }, () => {
  it('sends one payment for a double click, with an Idempotency-Key, disabled until the reply', async () => {
    const held = heldReply(() =>
      json(201, { status: 'OK', data: { id: 'p1', amount: 1000, status: 'VALIDATING' } }),
    );
    const { requests } = mockServer(({ method }) => (method === 'POST' ? held.reply() : undefined));
    const onRegistered = vi.fn();
    renderWithProviders(
      <RegisterPaymentDialog
        opened
        onClose={() => {}}
        loanId={LOAN_ID}
        lookupProof={LOOKUP_PROOF}
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
    await expectOneSendPerDoubleClick(dialog.getByRole('button', { name: 'Registrar Pago' }), {
      release: held.release,
      requests,
      done: onRegistered,
    });
  });
});
