import { Alert, Badge, Paper, Select, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import type { CollectionCard, CollectionsSummary, CollectionTab } from '@prestaya/contracts';
import { IconWifiOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { dayjs } from '../../../lib/format.ts';
import { paymentQueue } from '../../../lib/offline-queue.ts';
import { hasRole, type SessionUser } from '../../../lib/session.ts';
import { useQueuedPayments } from '../../../lib/use-offline-queue.ts';
import { useCollectionAgents } from '../api/get-agents.ts';
import { useCollections } from '../api/get-collections.ts';
import { CollectDialog } from './CollectDialog.tsx';
import { CollectionList } from './CollectionList.tsx';
import { SearchBox } from './SearchBox.tsx';

export const TAB_LABELS: Record<CollectionTab, string> = {
  today: 'Hoy',
  week: 'Esta semana',
  overdue: 'Atrasados',
};

/** 'Sin conexión — datos de las 09:41' (with the day when the copy is from an earlier one). */
export function offlineBannerText(savedAt: string, now = new Date()): string {
  const saved = dayjs(savedAt);
  const day = saved.isSame(now, 'day') ? '' : `del ${saved.format('DD/MM/YYYY')} `;
  return `Sin conexión — datos ${day}de las ${saved.format('HH:mm')}`;
}

function Totals({ summary }: { summary: CollectionsSummary | undefined }) {
  const figure = (label: string, value: number | undefined, testId: string) => (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={20} fw={700} data-testid={testId}>
        {value === undefined ? '—' : <MoneyText value={value} />}
      </Text>
    </Paper>
  );
  return (
    <SimpleGrid cols={2} spacing="sm">
      {figure('Por cobrar hoy', summary?.toCollectToday, 'to-collect-today')}
      {figure('Cobrado hoy', summary?.collectedToday, 'collected-today')}
    </SimpleGrid>
  );
}

/**
 * /admin/collections: 'Cobranza', the day's route of an agent on a phone (an administrator picks the
 * agent or 'Todos'). Works without signal: the last list loaded is shown from the device, payments are
 * kept on the phone until the server takes them (docs/architecture.md "Field collection (PWA)").
 */
export function CollectionsScreen({ user }: { user: SessionUser }) {
  const isAdmin = hasRole(user, 'ROLE_ADMIN');
  const [tab, setTab] = useState<CollectionTab>('today');
  const [agentId, setAgentId] = useState('');
  const [query, setQuery] = useState('');
  const [collecting, setCollecting] = useState<CollectionCard | null>(null);
  const agents = useCollectionAgents(isAdmin);
  const list = useCollections(user.id, { tab, agentId: agentId || undefined, query: query || undefined });
  const queued = useQueuedPayments(user.id);
  const origin = window.location.origin;

  const first = list.data?.pages[0];
  // The summary covers every tab: keep the last one on screen while another tab loads.
  const lastSummary = useRef<CollectionsSummary | undefined>(undefined);
  if (first) lastSummary.current = first.summary;
  const summary = first?.summary ?? lastSummary.current;
  const cachedAt = first?.cachedAt;

  const agentOptions = [
    { value: '', label: 'Todos' },
    ...(agents.data ?? []).map((agent) => ({ value: agent.id, label: `${agent.name} ${agent.lastName}` })),
  ];

  return (
    <Stack gap="md">
      <Title order={1}>Cobranza</Title>
      {cachedAt && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconWifiOff size={18} aria-hidden />}
          role="status"
          data-testid="offline-banner"
        >
          {offlineBannerText(cachedAt)}
        </Alert>
      )}
      {isAdmin && (
        <Select
          label="Agente"
          data={agentOptions}
          value={agentId}
          onChange={(value) => setAgentId(value ?? '')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Totals summary={summary} />
      <Tabs value={tab} onChange={(value) => value && setTab(value as CollectionTab)} keepMounted={false}>
        <Tabs.List grow aria-label="Vencimientos">
          {(Object.keys(TAB_LABELS) as CollectionTab[]).map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              px={6}
              aria-label={summary ? `${TAB_LABELS[value]} (${summary.counts[value]})` : TAB_LABELS[value]}
              rightSection={
                summary ? (
                  <Badge
                    size="sm"
                    variant={tab === value ? 'filled' : 'light'}
                    circle={summary.counts[value] < 10}
                  >
                    {summary.counts[value]}
                  </Badge>
                ) : undefined
              }
            >
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {(Object.keys(TAB_LABELS) as CollectionTab[]).map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Stack gap="sm">
              <SearchBox value={query} onSearch={setQuery} />
              <CollectionList
                list={list}
                queued={queued}
                showAgent={isAdmin && !agentId}
                origin={origin}
                searching={!!query}
                onCollect={setCollecting}
                onDiscard={(key) => void paymentQueue.discard(key)}
              />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      <CollectDialog
        card={collecting}
        agentId={user.id}
        origin={origin}
        onClose={() => setCollecting(null)}
      />
    </Stack>
  );
}
