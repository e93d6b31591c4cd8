import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { loanIn, ok, scheduleOf } from '../test/fixtures.ts';
import { LoanStatement, STATEMENT_NOT_ON_PHONE } from './LoanStatement.tsx';

/** The phone loses its signal: every request fails before reaching a server. */
const noSignal = () => vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

describe('LoanStatement without signal', { timeout: 20_000 }, () => {
  it("shows the phone's copy with when it was loaded, never printed", async () => {
    const loan = loanIn('ACTIVE');
    const base = `/api/v1/loans/${loan.id}`;
    mockServer(({ url }) => {
      if (url.pathname === base) return ok(200, loan);
      if (url.pathname === `${base}/scheduled-payments`) return ok(200, scheduleOf(loan));
      if (url.pathname === `${base}/fees` || url.pathname === `${base}/payments`) return ok(200, []);
      return undefined;
    });
    const { queryClient } = renderWithProviders(<LoanStatement loanId={loan.id} />);
    expect(await screen.findByRole('heading', { name: 'Estado de cuenta', level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();

    noSignal();
    await queryClient.invalidateQueries();
    const banner = await screen.findByTestId('offline-banner');
    expect(banner).toHaveTextContent('Sin conexión · datos de las');
    expect(banner.closest('.no-print')).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Estado de cuenta', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('statement-balance')).toBeInTheDocument();
  });

  it('says plainly that a statement never loaded is not on the phone', async () => {
    noSignal();
    renderWithProviders(<LoanStatement loanId="0190a0c0-0000-7000-8000-0000000001a9" />);
    expect(await screen.findByTestId('offline-empty')).toHaveTextContent(STATEMENT_NOT_ON_PHONE);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
