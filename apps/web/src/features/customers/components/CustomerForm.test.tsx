import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { expectRefusal, mockServer, problem, renderWithProviders } from '../../../test/utils.tsx';
import { AGENT_ID, adminLogin, agents, agentsReply, CUSTOMER_ID, customer, ok } from '../test/fixtures.ts';
import { CustomerDialog } from './CustomerDialog.tsx';
import { CustomerForm } from './CustomerForm.tsx';

async function dialog() {
  return within(await screen.findByRole('dialog', { name: 'Registrar Nuevo Cliente' }));
}

type Scope = ReturnType<typeof within>;

async function blurWith(d: Scope, label: RegExp, text: string) {
  const input = d.getByLabelText(label);
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
  else input.focus();
  await userEvent.tab();
}

async function fillValidCustomer(d: Scope) {
  await userEvent.type(d.getByLabelText(/^Nombre/), ' José ');
  await userEvent.type(d.getByLabelText(/^Apellido Paterno/), 'Gómez');
  await userEvent.type(d.getByLabelText(/^Apellido Materno/), 'Núñez');
  await userEvent.type(d.getByLabelText(/^Teléfono/), '5512345678');
  await userEvent.type(d.getByLabelText(/^CURP/), 'gonj800101hdfmxs02');
}

describe('customer form', () => {
  it('asks before closing the new-customer dialog on what was typed', async () => {
    mockServer((request) => agentsReply(request));
    session.start(adminLogin);
    const onClose = vi.fn();
    renderWithProviders(<CustomerDialog opened onClose={onClose} />);
    const d = await dialog();
    await userEvent.type(d.getByLabelText(/^Nombre/), 'José');
    await userEvent.click(d.getByRole('button', { name: 'Cerrar' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Cambios sin guardar' }));
    await userEvent.click(ask.getByRole('button', { name: 'Seguir editando' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(d.getByLabelText(/^Nombre/)).toHaveValue('José');

    await userEvent.click(d.getByRole('button', { name: 'Cancelar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Salir sin guardar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows every Spanish message on blur and on change', async () => {
    mockServer((request) => agentsReply(request));
    session.start(adminLogin);
    renderWithProviders(<CustomerDialog opened onClose={() => {}} />);
    const d = await dialog();
    expect(d.getByRole('heading', { name: 'Datos Personales' })).toBeInTheDocument();

    await blurWith(d, /^Nombre/, '');
    expect(await d.findByText('El nombre es requerido')).toBeInTheDocument();
    await blurWith(d, /^Apellido Paterno/, '   ');
    expect(await d.findByText('Ap. Paterno es requerido')).toBeInTheDocument();
    await blurWith(d, /^Teléfono/, '55123');
    expect(await d.findByText('Tel. debe ser de 10 dígitos')).toBeInTheDocument();
    await blurWith(d, /^CURP/, '');
    expect(await d.findByText('CURP es requerido')).toBeInTheDocument();
    await blurWith(d, /^CURP/, 'abc');
    expect(await d.findByText('Debe ser de 18 caracteres')).toBeInTheDocument();

    // Fixing a field clears its message while typing.
    await userEvent.type(d.getByLabelText(/^Nombre/), 'J');
    await waitFor(() => expect(d.queryByText('El nombre es requerido')).not.toBeInTheDocument());
    await userEvent.type(d.getByLabelText(/^Teléfono/), '67890');
    await waitFor(() => expect(d.queryByText('Tel. debe ser de 10 dígitos')).not.toBeInTheDocument());
    await userEvent.type(d.getByLabelText(/^Teléfono/), 'x');
    expect(d.getByLabelText(/^Teléfono/)).toHaveValue('5512367890');
    expect(d.getByLabelText(/^Teléfono/)).toHaveAttribute('inputmode', 'numeric');
    expect(d.getByLabelText(/^Teléfono/)).toHaveAttribute('maxlength', '10');
  });

  it('keeps Guardar disabled until valid, uppercases the CURP and registers the customer', async () => {
    const { requests } = mockServer((request) => {
      if (request.method === 'POST' && request.url.pathname === '/api/v1/customers') {
        return ok(201, customer);
      }
      return agentsReply(request);
    });
    session.start(adminLogin);
    const onClose = vi.fn();
    renderWithProviders(<CustomerDialog opened onClose={onClose} />);
    const d = await dialog();
    const save = d.getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();

    // The agent defaults to whoever registers the customer.
    await waitFor(() => expect(d.getByRole('combobox', { name: 'Agente' })).toHaveValue('Ana Gómez'));

    await fillValidCustomer(d);
    expect(d.getByLabelText(/^CURP/)).toHaveValue('GONJ800101HDFMXS02');
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.clear(d.getByLabelText(/^Teléfono/));
    await waitFor(() => expect(save).toBeDisabled());
    await userEvent.type(d.getByLabelText(/^Teléfono/), '5512345678');

    await userEvent.click(d.getByRole('combobox', { name: 'Agente' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Luis Pérez' }));

    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(await screen.findByText('Cliente registrado correctamente')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe('/api/v1/customers');
    expect(post?.body).toEqual({
      name: 'José',
      lastName: 'Gómez',
      secondLastName: 'Núñez',
      phone: '5512345678',
      curp: 'GONJ800101HDFMXS02',
      rfc: null,
      agentId: AGENT_ID,
      status: 'PENDING',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the dialog open with the data and the server detail when registering fails', async () => {
    mockServer((request) =>
      request.method === 'POST'
        ? problem(409, 'Ya existe un cliente con esa CURP')
        : agentsReply(
            request,
            [agents[0] ?? agents[1]].filter((a) => a !== undefined),
          ),
    );
    session.start(adminLogin);
    const onClose = vi.fn();
    renderWithProviders(<CustomerDialog opened onClose={onClose} />);
    const d = await dialog();
    await fillValidCustomer(d);
    await userEvent.click(d.getByRole('button', { name: 'Guardar' }));
    await expectRefusal('Error registrando cliente', 'Ya existe un cliente con esa CURP', onClose);
    expect(d.getByLabelText(/^Nombre/)).toHaveValue(' José ');
    expect(d.getByLabelText(/^CURP/)).toHaveValue('GONJ800101HDFMXS02');
  });

  it('offers an agent only themself in the Agente dropdown', async () => {
    mockServer((request) =>
      agentsReply(request, [{ id: AGENT_ID, num: 1001, name: 'Luis', lastName: 'Pérez' }]),
    );
    session.start({ ...adminLogin, userId: AGENT_ID, roles: ['ROLE_USER'], name: 'Luis', lastName: 'Pérez' });
    renderWithProviders(<CustomerDialog opened onClose={() => {}} />);
    const d = await dialog();
    const agent = d.getByRole('combobox', { name: 'Agente' });
    await waitFor(() => expect(agent).toHaveValue('Luis Pérez'));
    await userEvent.click(agent);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Luis Pérez']);
  });

  it("shows the customer's agent when editing, though the first page of agents does not hold them", async () => {
    const { requests } = mockServer((request) => agentsReply(request, agents.slice(0, 1)));
    session.start(adminLogin);
    renderWithProviders(<CustomerForm customer={customer} />);
    const agent = screen.getByRole('combobox', { name: 'Agente' });
    await waitFor(() => expect(agent).toHaveValue('Luis Pérez'));
    await userEvent.click(agent);
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Luis Pérez', 'Ana Gómez']),
    );
    expect(requests.map((r) => `${r.url.pathname}${r.url.search}`)).toEqual(['/api/v1/agents?size=20']);
  });

  it('edits a customer: Guardar disabled while unchanged, PUT on save, disabled again afterwards', async () => {
    const { requests } = mockServer((request) => {
      if (request.method === 'PUT' && request.url.pathname === `/api/v1/customers/${CUSTOMER_ID}`) {
        return ok(200, { ...customer, phone: '5512345671' });
      }
      return agentsReply(request);
    });
    session.start(adminLogin);
    renderWithProviders(<CustomerForm customer={customer} />);
    expect(screen.getByRole('heading', { name: 'Direcciones' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Guardar' });
    expect(screen.getByLabelText(/^Nombre/)).toHaveValue('José');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Agente' })).toHaveValue('Luis Pérez'));
    expect(save).toBeDisabled();

    const phone = screen.getByLabelText(/^Teléfono/);
    await userEvent.type(phone, '{backspace}9');
    await waitFor(() => expect(save).toBeEnabled());
    // Back to the saved value: unchanged again.
    await userEvent.type(phone, '{backspace}8');
    await waitFor(() => expect(save).toBeDisabled());
    await userEvent.type(phone, '{backspace}1');
    await waitFor(() => expect(save).toBeEnabled());

    await userEvent.click(save);
    expect(await screen.findByText('Cliente actualizado')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'José',
      lastName: 'Gómez',
      secondLastName: 'Núñez',
      phone: '5512345671',
      curp: 'GONJ800101HDFMXS02',
      rfc: null,
      agentId: AGENT_ID,
      status: 'PENDING',
    });
    await waitFor(() => expect(save).toBeDisabled());
    expect(phone).toHaveValue('5512345671');
  }, 15_000);
});
