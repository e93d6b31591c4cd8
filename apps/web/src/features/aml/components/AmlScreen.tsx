import { Stack, Tabs, Text, Title } from '@mantine/core';
import { CasesTab } from './CasesTab.tsx';
import { ListsTab } from './ListsTab.tsx';
import { MatchesTab } from './MatchesTab.tsx';
import { RelevantTab } from './RelevantTab.tsx';

export const PLD_TITLE = 'PLD';

/**
 * /admin/pld (administrators): anti-money-laundering screening (docs/compliance.md). Tabs:
 * 'Coincidencias' (pending matches with their 24 h deadline, 'Resolver'), 'Listas' (import with
 * per-row errors), 'Operaciones relevantes' (quarter, thresholds, CSV) and 'Casos'.
 */
export function AmlScreen() {
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{PLD_TITLE}</Title>
        <Text size="sm" c="dimmed">
          Prevención de lavado de dinero: listas de personas bloqueadas, operaciones relevantes e inusuales.
        </Text>
      </div>
      <Tabs defaultValue="matches" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="matches">Coincidencias</Tabs.Tab>
          <Tabs.Tab value="lists">Listas</Tabs.Tab>
          <Tabs.Tab value="relevant">Operaciones relevantes</Tabs.Tab>
          <Tabs.Tab value="cases">Casos</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="matches" pt="sm">
          <MatchesTab />
        </Tabs.Panel>
        <Tabs.Panel value="lists" pt="sm">
          <ListsTab />
        </Tabs.Panel>
        <Tabs.Panel value="relevant" pt="sm">
          <RelevantTab />
        </Tabs.Panel>
        <Tabs.Panel value="cases" pt="sm">
          <CasesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
