import type { ComboboxItem } from '@mantine/core';
import { type AgentSummary, agentSummary, z } from '@prestaya/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { apiQuery } from '../lib/query.ts';
import { json, mockServer, params, problem, renderWithProviders, type SeenRequest } from '../test/utils.tsx';
import { type StaffSearch, StaffSelect } from './StaffSelect.tsx';

const PATH = '/api/v1/agents';
const agent = (num: number, name: string, lastName: string): AgentSummary => ({
  id: `0190a0c0-0000-7000-8000-00000000${num}`,
  num,
  name,
  lastName,
});
const ana = agent(1001, 'Ana', 'Gómez');
const beto = agent(1002, 'Beto', 'Ruiz');
const ursula = agent(1042, 'Úrsula', 'Núñez');

const search: StaffSearch<AgentSummary> = (term) =>
  apiQuery({
    queryKey: ['staff-test', term],
    path: PATH,
    read: z.array(agentSummary).parse,
    query: { query: term, size: 20 },
  });

const folded = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

/** A server with `staff`, whose first page (no query) holds only `firstPage` of them. */
function serve(staff: AgentSummary[], firstPage = staff) {
  return mockServer(({ url }: SeenRequest) => {
    if (url.pathname !== PATH) return undefined;
    const term = url.searchParams.get('query');
    const found = term
      ? staff.filter(
          (a) => folded(`${a.name} ${a.lastName}`).includes(folded(term)) || String(a.num) === term,
        )
      : firstPage;
    return json(200, { status: 'OK', data: found });
  });
}

const searches = (requests: SeenRequest[]) =>
  requests.filter((r) => r.url.pathname === PATH).map((r) => params(r.url));

function Picker({ initial = null, selected }: { initial?: string | null; selected?: ComboboxItem }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <StaffSelect
        label="Agente"
        search={search}
        optionLabel={(a) => `${a.name} ${a.lastName}`}
        selected={selected}
        loadingPlaceholder="Cargando agentes…"
        placeholder="Seleccione un agente"
        loadError="No se pudo cargar la lista de agentes"
        value={value}
        onChange={setValue}
        extraOptions={[{ value: 'all', label: 'Todos los agentes' }]}
      />
      <output>{value ?? 'ninguno'}</output>
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Agente' });
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('StaffSelect', () => {
  it('asks the server for the first page, then for what is typed, and shows its results as they are', async () => {
    const { requests } = serve([ana, beto, ursula], [ana, beto]);
    renderWithProviders(<Picker />);
    await userEvent.click(input());
    await waitFor(() => expect(optionNames()).toEqual(['Ana Gómez', 'Beto Ruiz', 'Todos los agentes']));
    expect(searches(requests)).toEqual([{ size: '20' }]);

    // Without accents, then by number: the server's matches, not filtered again by the typed text.
    await userEvent.type(input(), 'ursula');
    expect(await screen.findByRole('option', { name: 'Úrsula Núñez' })).toBeInTheDocument();
    expect(optionNames()).toEqual(['Úrsula Núñez']);
    await userEvent.clear(input());
    await userEvent.type(input(), '1042');
    await waitFor(() => expect(optionNames()).toEqual(['Úrsula Núñez']));
    // One request per pause in the typing, not one per key.
    expect(searches(requests)).toEqual([
      { size: '20' },
      { query: 'ursula', size: '20' },
      { query: '1042', size: '20' },
    ]);

    await userEvent.click(screen.getByRole('option', { name: 'Úrsula Núñez' }));
    expect(screen.getByRole('status')).toHaveTextContent(ursula.id);
  });

  it('keeps the chosen name in the field when the first page does not hold them', async () => {
    serve([ana, beto, ursula], [ana, beto]);
    renderWithProviders(<Picker />);
    await userEvent.type(input(), 'núñez');
    await userEvent.click(await screen.findByRole('option', { name: 'Úrsula Núñez' }));
    expect(input()).toHaveValue('Úrsula Núñez');

    // Opened again: the first page, with the chosen person kept on top, and the name still there.
    await userEvent.click(input());
    await waitFor(() =>
      expect(optionNames()).toEqual(['Úrsula Núñez', 'Ana Gómez', 'Beto Ruiz', 'Todos los agentes']),
    );
    await userEvent.click(document.body);
    expect(input()).toHaveValue('Úrsula Núñez');
  });

  it("shows a chosen person the screen already knows, though they are not on the server's page", async () => {
    serve([ana, beto, ursula], [ana, beto]);
    renderWithProviders(
      <Picker initial={ursula.id} selected={{ value: ursula.id, label: 'Úrsula Núñez' }} />,
    );
    await waitFor(() => expect(input()).toHaveValue('Úrsula Núñez'));
  });

  it("says 'Sin coincidencias', offers the extra options by their text, and walks with the keyboard", async () => {
    serve([ana, beto]);
    renderWithProviders(<Picker />);
    await userEvent.type(input(), 'zz');
    expect(await screen.findByText('Sin coincidencias')).toBeInTheDocument();
    await userEvent.clear(input());
    await userEvent.type(input(), 'todos');
    await waitFor(() => expect(optionNames()).toEqual(['Todos los agentes']));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('all');
    expect(input()).toHaveValue('Todos los agentes');
  });

  it('hints that typing finds more when the page is full', async () => {
    const many = Array.from({ length: 20 }, (_, i) => agent(1100 + i, `Agente ${i + 10}`, 'Bench'));
    serve(many);
    renderWithProviders(<Picker />);
    await userEvent.click(input());
    const hint = await screen.findByRole('option', { name: 'Escriba para buscar más…' });
    expect(hint).toHaveAttribute('data-combobox-disabled', 'true');
  });

  it('says in Spanish when the list could not be loaded', async () => {
    mockServer(() => problem(500, 'Error interno'));
    renderWithProviders(<Picker />);
    expect(await screen.findByText('No se pudo cargar la lista de agentes')).toBeInTheDocument();
  });
});
