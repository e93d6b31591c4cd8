import type { AgentWeek, CollectionsWeek } from '@prestaya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { businessToday, dayjs } from '../../../lib/format.ts';
import { json, mockServer, params, problem, renderWithProviders } from '../../../test/utils.tsx';
import { AGENT_ID } from '../test/fixtures.ts';
import { WeekSummary } from './WeekSummary.tsx';

const PATH = '/api/v1/collections/summary';

/** This business week, Monday to Sunday, as the server answers it. */
const monday = dayjs(businessToday()).subtract((dayjs(businessToday()).day() + 6) % 7, 'day');
const THIS_WEEK = { from: monday.format('YYYY-MM-DD'), to: monday.add(6, 'day').format('YYYY-MM-DD') };
const LAST_WEEK = {
  from: monday.subtract(7, 'day').format('YYYY-MM-DD'),
  to: monday.subtract(1, 'day').format('YYYY-MM-DD'),
};

function agentWeek(name: string, over: Partial<AgentWeek> = {}): AgentWeek {
  return {
    agent: { id: `id-${name}`, num: 1, name, lastName: 'Agente' },
    installmentsDue: { count: 3, amount: 300.3 },
    collectedOnDue: { count: 2, amount: 200.2 },
    collected: { count: 2, amount: 200.2 },
    collectionRate: 66.7,
    visits: 3,
    visitsWithoutPayment: 2,
    promises: { made: 2, kept: 1, broken: 1, pending: 0 },
    cashDifferences: { total: -10, count: 1 },
    ...over,
  };
}

type WeekReply = Pick<CollectionsWeek, 'week' | 'agents'> & Partial<CollectionsWeek>;

function serve(reply: (week: string | undefined, page: string | undefined) => WeekReply | Response) {
  return mockServer((request) => {
    if (request.url.pathname !== PATH) return undefined;
    const { week, page } = params(request.url);
    const answer = reply(week, page);
    if (answer instanceof Response) return answer;
    return json(200, { page: 1, totalAgents: answer.agents.length, totalPages: 1, ...answer });
  });
}

const tile = (id: string) => screen.getByTestId(`week-${id}`);

describe('WeekSummary', () => {
  it("shows an agent's week in figures and steps to the previous week", async () => {
    const { requests } = serve((week) =>
      week === undefined
        ? { week: THIS_WEEK, agents: [agentWeek('Ana')] }
        : {
            week: LAST_WEEK,
            agents: [
              agentWeek('Ana', {
                installmentsDue: { count: 0, amount: 0 },
                collectedOnDue: { count: 0, amount: 0 },
                collectionRate: null,
                cashDifferences: { total: 0, count: 0 },
              }),
            ],
          },
    );
    renderWithProviders(<WeekSummary userId={AGENT_ID} isAdmin={false} />);

    expect(await screen.findByTestId('week-due')).toHaveTextContent('Cuotas por cobrar$300.303 cuotas');
    expect(tile('collected')).toHaveTextContent('Cobrado$200.202 pagos');
    expect(tile('rate')).toHaveTextContent('Efectividad66.7 %2 de 3 cuotas');
    expect(tile('promises')).toHaveTextContent('Promesas (cumplidas)2 (1)1 incumplida');
    expect(tile('withoutPayment')).toHaveTextContent('Visitas sin pago2de 3 visitas');
    expect(tile('cash')).toHaveTextContent('Diferencias de caja-$10.001 corte · Faltante');
    expect(screen.getByTestId('week-title')).toHaveTextContent(
      `Semana del ${dayjs(THIS_WEEK.from).format('DD/MM')} al ${dayjs(THIS_WEEK.to).format('DD/MM/YYYY')}`,
    );
    // This week is the latest: there is no next one yet.
    expect(screen.getByRole('button', { name: 'Semana siguiente' })).toBeDisabled();
    // No table for an agent: their own figures only.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Semana anterior' }));
    // Nothing fell due: no rate, and the server's null is not shown as 0 %.
    await waitFor(() => expect(tile('rate')).toHaveTextContent('Efectividad—0 de 0 cuotas'));
    expect(tile('cash')).toHaveTextContent('Sin diferencias');
    expect(screen.getByRole('button', { name: 'Semana siguiente' })).toBeEnabled();
    expect(requests.map((r) => params(r.url))).toEqual([{}, { week: LAST_WEEK.from }]);
  });

  it("shows an administrator every agent's week side by side", async () => {
    serve(() => ({
      week: THIS_WEEK,
      agents: [agentWeek('Ana'), agentWeek('Beto', { collectionRate: 0, visitsWithoutPayment: 1 })],
    }));
    renderWithProviders(<WeekSummary userId="admin" isAdmin />);

    const table = await screen.findByRole('table', { name: 'Semana por agente' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual([
      'Agente',
      'Cuotas por cobrar',
      'Cobrado',
      'Efectividad',
      'Promesas (cumplidas)',
      'Visitas sin pago',
      'Diferencias de caja',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Ana Agente',
      'Beto Agente',
    ]);
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[3]).toHaveTextContent('0 %');
    // The phone's layout: one card per agent.
    expect(screen.getByRole('region', { name: 'Beto Agente' })).toBeInTheDocument();
  });

  it("pages an administrator's agents, ten at a time, keeping the week", async () => {
    const { requests } = serve((_week, page) =>
      page === '2'
        ? { week: THIS_WEEK, agents: [agentWeek('Zoe')], page: 2, totalAgents: 11, totalPages: 2 }
        : { week: THIS_WEEK, agents: [agentWeek('Ana')], page: 1, totalAgents: 11, totalPages: 2 },
    );
    renderWithProviders(<WeekSummary userId="admin" isAdmin />);
    expect(await screen.findByRole('region', { name: 'Ana Agente' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Más agentes' }));
    expect(await screen.findByRole('region', { name: 'Zoe Agente' })).toBeInTheDocument();
    expect(requests.map((r) => params(r.url))).toEqual([{}, { page: '2' }]);
  });

  it('says when there is no agent, and offers a retry when the week fails to load', async () => {
    let fail = true;
    serve(() => (fail ? problem(500, 'Error interno') : { week: THIS_WEEK, agents: [] }));
    renderWithProviders(<WeekSummary userId="admin" isAdmin />);

    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar la semana.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay agentes activos.')).toBeInTheDocument();
  });

  it('says quietly that the week needs signal, without an alert', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderWithProviders(<WeekSummary userId={AGENT_ID} isAdmin={false} />);
    expect(await screen.findByTestId('week-offline')).toHaveTextContent(
      'Sin conexión: la semana se verá cuando vuelva la señal.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
