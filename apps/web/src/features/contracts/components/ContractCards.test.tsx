import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { adminLogin } from '../../../test/fixtures.ts';
import { json, mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { ContractSettingsCard, REQUIRE_SIGNED_LABEL } from './ContractSettingsCard.tsx';
import { ContractTemplatesCard, RESTORE_LABEL } from './ContractTemplatesCard.tsx';

const ok = (status: number, data: unknown) => json(status, { status: 'OK', data });
const template = (kind: string, body: string, isDefault = true) => ({
  kind,
  body,
  isDefault,
  updatedOn: isDefault ? null : '2026-03-03T18:00:00.000Z',
});

describe('Configuración: contracts', { timeout: 20_000 }, () => {
  it("'Exigir contrato firmado para entregar' starts off and saves when switched", async () => {
    session.start(adminLogin);
    let saved = { requireSignedContract: false };
    const { requests } = mockServer(({ url, method, body }) => {
      if (url.pathname !== '/api/v1/settings/contracts') return undefined;
      if (method === 'PUT') saved = body as typeof saved;
      return ok(200, saved);
    });
    renderWithProviders(<ContractSettingsCard />);
    const toggle = await screen.findByRole('switch', { name: new RegExp(REQUIRE_SIGNED_LABEL) });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ requireSignedContract: true });
  });

  it('refuses an unknown placeholder before sending, saves a valid text and restores the default', async () => {
    session.start(adminLogin);
    let contract = template('CONTRACT', 'Texto de {{cliente.nombre}}');
    const { requests } = mockServer(({ url, method, body }) => {
      if (url.pathname === '/api/v1/contract-templates')
        return ok(200, [contract, template('PROMISSORY_NOTE', 'PAGARÉ')]);
      if (url.pathname === '/api/v1/contract-templates/CONTRACT' && method === 'PUT') {
        contract = template('CONTRACT', (body as { body: string }).body, false);
        return ok(200, contract);
      }
      if (url.pathname === '/api/v1/contract-templates/CONTRACT' && method === 'DELETE') {
        contract = template('CONTRACT', 'Texto de {{cliente.nombre}}');
        return ok(200, contract);
      }
      return undefined;
    });
    renderWithProviders(<ContractTemplatesCard />);
    const text = await screen.findByRole('textbox', { name: 'Texto del contrato' });
    expect(screen.getByRole('button', { name: RESTORE_LABEL })).toBeDisabled();
    await userEvent.clear(text);
    await userEvent.type(text, 'Debo a {{{{acreedor}}');
    await userEvent.click(screen.getByRole('button', { name: 'Usar este texto' }));
    expect(
      await screen.findByText(/^Marcador desconocido: \{\{acreedor\}\}\. Los permitidos son: /),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await userEvent.clear(text);
    await userEvent.type(text, 'Debo {{{{prestamo.total}}');
    await userEvent.click(screen.getByRole('button', { name: 'Usar este texto' }));
    await waitFor(() => expect(screen.getByRole('button', { name: RESTORE_LABEL })).toBeEnabled());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ body: 'Debo {{prestamo.total}}' });

    await userEvent.click(screen.getByRole('button', { name: RESTORE_LABEL }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Texto del contrato' })).toHaveValue(
        'Texto de {{cliente.nombre}}',
      ),
    );
  });
});
