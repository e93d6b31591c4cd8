import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { adminLogin } from '../../../test/fixtures.ts';
import { json, mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { CONTRACT_CUSTOMER_ID, CONTRACT_LOAN_ID, contractOf } from '../test-fixtures.ts';
import { ContractDocuments } from './ContractDocuments.tsx';

const ok = (status: number, data: unknown) => json(status, { status: 'OK', data });

describe('Contrato y pagaré (print)', { timeout: 20_000 }, () => {
  it('prints the cover page with the CAT first, then the contract and the pagaré', async () => {
    session.start(adminLogin);
    mockServer(({ url }) =>
      url.pathname === `/api/v1/loans/${CONTRACT_LOAN_ID}/contract` ? ok(200, contractOf()) : undefined,
    );
    renderWithProviders(<ContractDocuments loanId={CONTRACT_LOAN_ID} />);
    const cover = within(await screen.findByRole('main', { name: 'Carátula' }));
    expect(cover.getByTestId('cover-cat')).toHaveTextContent('CAT sin IVA, para fines informativos347.3 %');
    expect(cover.getByText('$3,600.00')).toBeInTheDocument();
    expect(cover.getByText('1234-567-012345/01-00001-0126')).toBeInTheDocument();
    expect(cover.getAllByText('Don Beto Finanzas S.A. de C.V.')).toHaveLength(2);
    expect(
      within(cover.getByRole('list', { name: 'Calendario de pagos' })).getAllByRole('listitem'),
    ).toHaveLength(12);
    expect(cover.getByText(/Fechas calculadas para una entrega hoy/)).toBeInTheDocument();
    expect(screen.getByRole('main', { name: 'Contrato' })).toHaveTextContent('CONTRATO DE PRÉSTAMO PERSONAL');
    expect(screen.getByRole('main', { name: 'Pagaré' })).toHaveTextContent('Bueno por $3,600.00');
    expect(screen.getByTestId('signed-contract-status')).toHaveTextContent(
      'Sin contrato firmado: se necesita para entregar',
    );
  });

  it('the cover alone, and the signed copy uploads as this loan’s Contrato firmado', async () => {
    session.start(adminLogin);
    let signed = false;
    const { requests } = mockServer(({ url, method }) => {
      if (url.pathname === `/api/v1/loans/${CONTRACT_LOAN_ID}/contract`)
        return ok(
          200,
          contractOf(signed ? { signedContract: { id: 'd-1', uploadedOn: '2026-03-03T18:00:00.000Z' } } : {}),
        );
      if (method === 'POST' && url.pathname === `/api/v1/customers/${CONTRACT_CUSTOMER_ID}/documents`) {
        signed = true;
        return ok(201, {
          id: '0190a0c0-0000-7000-8000-0000000000d1',
          type: 'SIGNED_CONTRACT',
          description: null,
          filename: 'firmado.pdf',
          contentType: 'application/pdf',
          sizeBytes: 4,
          uploadedOn: '2026-03-03T18:00:00.000Z',
          documentDate: null,
          uploadedBy: null,
          loanId: CONTRACT_LOAN_ID,
          uri: '/api/v1/customers/c/documents/d/file',
        });
      }
      return undefined;
    });
    renderWithProviders(<ContractDocuments loanId={CONTRACT_LOAN_ID} coverOnly />);
    await screen.findByRole('main', { name: 'Carátula' });
    expect(screen.queryByRole('main', { name: 'Contrato' })).not.toBeInTheDocument();

    const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'firmado.pdf', {
      type: 'application/pdf',
    });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, file);
    await waitFor(() =>
      expect(screen.getByTestId('signed-contract-status')).toHaveTextContent(
        /^Contrato firmado subido el 03\/03\/2026$/,
      ),
    );
    const sent = requests.find((r) => r.method === 'POST')?.body as FormData;
    expect(sent.get('type')).toBe('SIGNED_CONTRACT');
    expect(sent.get('loanId')).toBe(CONTRACT_LOAN_ID);
    expect((sent.get('file') as File).name).toBe('firmado.pdf');
  });
});
