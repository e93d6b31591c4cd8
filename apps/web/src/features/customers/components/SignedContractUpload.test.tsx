import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { adminLogin, CUSTOMER_ID, documentOf, documentsPath, ok } from '../test/fixtures.ts';
import { CustomerDocuments } from './CustomerDocuments.tsx';

const LOAN_ID = '0190a0c0-0000-7000-8000-0000000001a2';
const loansPage = {
  data: [
    {
      id: LOAN_ID,
      num: 1001,
      amount: 3_000,
      term: 12,
      status: 'APPROVED',
      dailyFee: 50,
      weeklyFee: 300,
      interestRate: 0.2,
      totalToRepay: 3_600,
      installmentAmount: 300,
      loanFromPast: false,
      requestDate: '2026-03-02',
      createdOn: '2026-03-02T16:00:00.000Z',
      approvedOn: '2026-03-03T16:00:00.000Z',
      activatedOn: null,
      currentRealAmount: 0,
      currentBalance: 0,
      customer: { id: CUSTOMER_ID, name: 'José', lastName: 'Gómez', secondLastName: null },
      bankAccount: null,
      restructureCount: 0,
      restructuredOn: null,
    },
  ],
  page: 1,
  size: 20,
  totalDocuments: 1,
  totalPages: 1,
  totalCapped: false,
};

describe("'Documentos': a signed contract", { timeout: 20_000 }, () => {
  it("asks for the loan of a 'Contrato firmado' and sends it with the file", async () => {
    session.start(adminLogin);
    const { requests } = mockServer(({ method, url }) => {
      if (url.pathname === documentsPath && method === 'GET') return ok(200, []);
      if (url.pathname === documentsPath && method === 'POST')
        return ok(201, documentOf('d-9', { type: 'SIGNED_CONTRACT', loanId: LOAN_ID }));
      if (url.pathname === `/api/v1/customers/${CUSTOMER_ID}/loans`)
        return json(200, { status: 'OK', ...loansPage });
      return undefined;
    });
    renderWithProviders(<CustomerDocuments customerId={CUSTOMER_ID} />);
    await screen.findByText('Sin documentos');
    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo de documento' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Contrato firmado' }));
    await userEvent.upload(
      screen.getByLabelText('Archivo del documento'),
      new File(['%PDF-1.4\n%%EOF\n'], 'firmado.pdf', { type: 'application/pdf' }),
    );
    // Without its loan it cannot be sent.
    expect(screen.getByRole('button', { name: 'Subir documento' })).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Préstamo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'No. 1001 · $3,000.00 · Aprobado' }));
    await userEvent.click(screen.getByRole('button', { name: 'Subir documento' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const sent = requests.find((r) => r.method === 'POST')?.body as FormData;
    expect(sent.get('type')).toBe('SIGNED_CONTRACT');
    expect(sent.get('loanId')).toBe(LOAN_ID);
  });
});
