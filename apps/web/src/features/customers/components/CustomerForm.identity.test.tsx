import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { mockServer, renderWithProviders } from '../../../test/utils.tsx';
import { adminLogin, agentsReply, CUSTOMER_ID, customer, ok } from '../test/fixtures.ts';
import { CustomerDialog } from './CustomerDialog.tsx';
import { CustomerForm } from './CustomerForm.tsx';

type Scope = ReturnType<typeof within>;

async function blurWith(d: Scope, label: RegExp, text: string) {
  const input = d.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.paste(text);
  await userEvent.tab();
}

describe('customer form: CURP and RFC checks', () => {
  it('words each CURP and RFC problem in Spanish and keeps Guardar off', async () => {
    mockServer((request) => agentsReply(request));
    session.start(adminLogin);
    renderWithProviders(<CustomerDialog opened onClose={() => {}} />);
    const d = within(await screen.findByRole('dialog', { name: 'Registrar Nuevo Cliente' }));
    await userEvent.type(d.getByLabelText(/^Nombre/), 'José');
    await userEvent.type(d.getByLabelText(/^Apellido Paterno/), 'Gómez');
    await userEvent.type(d.getByLabelText(/^Teléfono/), '5512345678');

    await blurWith(d, /^CURP/, 'GONJ800101HDFMXS03');
    expect(await d.findByText('El dígito verificador de la CURP no corresponde')).toBeInTheDocument();
    await blurWith(d, /^CURP/, 'GONJ800231HDFMXS09');
    expect(await d.findByText('La CURP tiene una fecha de nacimiento que no existe')).toBeInTheDocument();
    await blurWith(d, /^CURP/, 'GONJ800101HXXMXS09');
    expect(await d.findByText('La CURP tiene un estado de nacimiento que no existe')).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Guardar' })).toBeDisabled();

    await blurWith(d, /^CURP/, 'gonj800101hdfmxs02');
    await waitFor(() => expect(d.getByRole('button', { name: 'Guardar' })).toBeEnabled());

    await blurWith(d, /^RFC/, 'GONJ800101AB');
    expect(await d.findByText('El RFC debe ser de 13 caracteres (persona física)')).toBeInTheDocument();
    await blurWith(d, /^RFC/, 'GONJ801301AB1');
    expect(await d.findByText('El RFC tiene una fecha que no existe')).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  });

  it('saves an edit of a customer whose stored CURP predates the check, and checks a changed one', async () => {
    const legacy = {
      ...customer,
      curp: 'GONJ800100HDFMXS09',
      birthDate: null,
      age: null,
      sex: null,
      birthState: null,
    };
    const { requests } = mockServer((request) => {
      if (request.method === 'PUT' && request.url.pathname === `/api/v1/customers/${CUSTOMER_ID}`) {
        return ok(200, { ...legacy, phone: '5512345671' });
      }
      return agentsReply(request);
    });
    session.start(adminLogin);
    renderWithProviders(<CustomerForm customer={legacy} />);
    const save = screen.getByRole('button', { name: 'Guardar' });
    await userEvent.type(screen.getByLabelText(/^Teléfono/), '{backspace}1');
    await waitFor(() => expect(save).toBeEnabled());

    const curp = screen.getByLabelText(/^CURP/);
    await userEvent.type(curp, '{backspace}8');
    expect(
      await screen.findByText('La CURP tiene una fecha de nacimiento que no existe'),
    ).toBeInTheDocument();
    await waitFor(() => expect(save).toBeDisabled());
    await userEvent.type(curp, '{backspace}9');
    await waitFor(() => expect(save).toBeEnabled());

    await userEvent.click(save);
    expect(await screen.findByText('Cliente actualizado')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      curp: 'GONJ800100HDFMXS09',
      phone: '5512345671',
    });
  }, 15_000);
});
