import { Select } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useCollectionAgents } from '../api/get-agents.ts';

/** The administrator's choice: one agent's route, or this value for every agent's at once. */
export const ALL_AGENTS = 'all';
export const CHOOSE_AGENT = 'Seleccione un agente para ver su ruta de cobranza';

/**
 * Whose route an administrator sees. Nothing is chosen at first: one agent's route is what a collector
 * works from, and every agent's at once costs the whole business's loans, so 'Todos los agentes' is
 * there only as an explicit choice. Focused on arrival (without opening the list: typing or the arrow
 * keys open it), so the keyboard goes straight to it.
 */
export function AgentPicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const agents = useCollectionAgents(true);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const options = [
    ...(agents.data ?? []).map((agent) => ({ value: agent.id, label: `${agent.name} ${agent.lastName}` })),
    { value: ALL_AGENTS, label: 'Todos los agentes' },
  ];
  return (
    <Select
      ref={input}
      label="Agente"
      placeholder={agents.isPending ? 'Cargando agentes…' : 'Seleccione un agente'}
      data={options}
      value={value || null}
      onChange={(chosen) => chosen && onChange(chosen)}
      allowDeselect={false}
      searchable
      openOnFocus={false}
      nothingFoundMessage="Sin coincidencias"
      error={agents.isError ? 'No se pudo cargar la lista de agentes' : undefined}
      leftSection={<IconUserSearch size={16} aria-hidden />}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
