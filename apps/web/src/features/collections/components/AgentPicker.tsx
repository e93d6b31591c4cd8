import type { AgentSummary } from '@prestaya/contracts';
import { IconUserSearch } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { AGENT_PICKER_TEXTS, StaffSelect } from '../../../components/StaffSelect.tsx';
import { searchCollectionAgents } from '../api/get-agents.ts';

/** The administrator's choice: one agent's route, or this value for every agent's at once. */
export const ALL_AGENTS = 'all';
export const CHOOSE_AGENT = 'Seleccione un agente para ver su ruta de cobranza';

const EVERY_AGENT = [{ value: ALL_AGENTS, label: 'Todos los agentes' }];
const agentLabel = (agent: AgentSummary) => `${agent.name} ${agent.lastName}`;

/**
 * Whose route an administrator sees. Nothing is chosen at first: one agent's route is what a collector
 * works from, and every agent's at once costs the whole business's loans, so 'Todos los agentes' is
 * there only as an explicit choice. Focused on arrival (without opening the list: typing or the arrow
 * keys open it), so the keyboard goes straight to it.
 */
export function AgentPicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <StaffSelect
      ref={input}
      {...AGENT_PICKER_TEXTS}
      search={searchCollectionAgents}
      optionLabel={agentLabel}
      extraOptions={EVERY_AGENT}
      value={value || null}
      onChange={(chosen) => chosen && onChange(chosen)}
      allowDeselect={false}
      openOnFocus={false}
      leftSection={<IconUserSearch size={16} aria-hidden />}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
