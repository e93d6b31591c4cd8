import type { BusinessSettings } from '@prestaya/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, mockServer, renderRoutes } from '../../../test/utils.tsx';
import { BusinessSettingsScreen } from './BusinessSettingsScreen.tsx';

const EMPTY: BusinessSettings = {
  name: null,
  phone: null,
  whatsapp: null,
  address: null,
  hours: null,
  complaintsContact: null,
};

/** Answers the settings as last saved. */
function serve(initial: BusinessSettings = EMPTY) {
  let saved = initial;
  return mockServer(({ url, method, body }) => {
    if (url.pathname !== '/api/v1/settings/business') return undefined;
    if (method === 'PUT') saved = { ...EMPTY, ...(body as object) };
    return json(200, { status: 'OK', data: saved });
  });
}

const field = (name: string) => screen.getByRole('textbox', { name });

beforeEach(() => {
  session.start({ userId: 'u-1', roles: ['ROLE_ADMIN'], name: 'Ana', lastName: 'Admin', access_token: 't' });
});

describe('Configuración', { timeout: 30_000 }, () => {
  it('shows what is saved, and sends every field, a blank one as not set', async () => {
    const { requests } = serve({ ...EMPTY, name: 'Préstamos Don Beto', hours: 'Lunes a viernes' });
    renderRoutes([{ path: '/admin/settings', element: <BusinessSettingsScreen /> }], '/admin/settings');
    expect(await screen.findByRole('heading', { name: 'Configuración', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(field('Nombre del negocio')).toHaveValue('Préstamos Don Beto'));
    const save = screen.getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();

    await userEvent.type(field('Teléfono'), '5587654321');
    await userEvent.type(field('WhatsApp'), '5511223344');
    await userEvent.clear(field('Horario de atención'));
    await userEvent.type(field('Contacto para quejas y aclaraciones'), 'quejas@donbeto.mx');
    await userEvent.click(save);

    await screen.findByText('Datos del negocio guardados');
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'Préstamos Don Beto',
      phone: '5587654321',
      whatsapp: '5511223344',
      address: null,
      hours: null,
      complaintsContact: 'quejas@donbeto.mx',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled());
  });

  it('refuses a phone that is not 10 digits before sending', async () => {
    const { requests } = serve();
    renderRoutes([{ path: '/admin/settings', element: <BusinessSettingsScreen /> }], '/admin/settings');
    await screen.findByRole('heading', { name: 'Configuración' });
    await waitFor(() => expect(field('Teléfono')).toBeEnabled());
    await userEvent.type(field('Teléfono'), '55 12');
    expect(await screen.findByText('El teléfono debe ser de 10 dígitos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});
