import { Alert, Badge, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import type { CollectionCard, CollectionsSummary, CollectionTab } from '@prestaya/contracts';
import { IconUserSearch, IconWifiOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { EmptyState } from '../../../components/QueryState.tsx';
import { offlineBannerText } from '../../../lib/offline-copy.ts';
import { paymentQueue } from '../../../lib/offline-queue.ts';
import { hasRole, type SessionUser } from '../../../lib/session.ts';
import { useQueuedPayments } from '../../../lib/use-offline-queue.ts';
import { useQueuedVisits } from '../../../lib/use-visit-queue.ts';
import { visitQueue } from '../../../lib/visit-queue.ts';
import { useCollections } from '../api/get-collections.ts';
import { AgentPicker, ALL_AGENTS, CHOOSE_AGENT } from './AgentPicker.tsx';
import { CollectDialog } from './CollectDialog.tsx';
import { CollectionList } from './CollectionList.tsx';
import { SearchBox } from './SearchBox.tsx';
import { VisitDialog } from './VisitDialog.tsx';
import { WeekSummary } from './WeekSummary.tsx';

export const TAB_LABELS: Record<CollectionTab, string> = {
  today: 'Hoy',
  week: 'Esta semana',
  overdue: 'Atrasados',
};

const TAB_LABEL_STYLE = { whiteSpace: 'normal', lineHeight: 1.15, textAlign: 'center' } as const;
const COUNT_BADGE_STYLES = {
  root: { flexShrink: 0, overflow: 'visible', paddingInline: 6 },
  label: { overflow: 'visible' },
} as const;

// Every offline screen says it the same way.
export { offlineBannerText } from '../../../lib/offline-copy.ts';

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
 * /admin/collections: 'Cobranza', the day's route of an agent on a phone. An administrator chooses the
 * agent first (or, explicitly, every agent): nothing is loaded until then. Works without signal: the
 * last list loaded is shown from the device, payments are kept on the phone until the server takes
 * them (docs/architecture.md "Field collection (PWA)").
 */
export function CollectionsScreen({ user }: { user: SessionUser }) {
  const isAdmin = hasRole(user, 'ROLE_ADMIN');
  const [tab, setTab] = useState<CollectionTab>('today');
  // An administrator's choice: '' none yet, ALL_AGENTS, or an agent's id. An agent: always their own.
  const [choice, setChoice] = useState('');
  const agentId = choice === ALL_AGENTS ? undefined : choice || undefined;
  const chosen = !isAdmin || choice !== '';
  const [query, setQuery] = useState('');
  const [collecting, setCollecting] = useState<CollectionCard | null>(null);
  const list = useCollections(user.id, { tab, agentId, query: query || undefined }, chosen);
  const queued = useQueuedPayments(user.id);
  const [visiting, setVisiting] = useState<CollectionCard | null>(null);
  const queuedVisits = useQueuedVisits(user.id);
  const origin = window.location.origin;

  const first = list.data?.pages[0];
  // The summary covers every tab: keep the last one on screen while another tab loads, but never
  // another agent's while the newly chosen one's loads.
  const lastSummary = useRef<{ choice: string; summary: CollectionsSummary } | undefined>(undefined);
  if (first) lastSummary.current = { choice, summary: first.summary };
  const kept = lastSummary.current?.choice === choice ? lastSummary.current.summary : undefined;
  const summary = first?.summary ?? kept;
  const cachedAt = first?.cachedAt;

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
      <WeekSummary userId={user.id} isAdmin={isAdmin} />
      {isAdmin && <AgentPicker value={choice} onChange={setChoice} />}
      {!chosen && <EmptyState icon={<IconUserSearch size={24} />}>{CHOOSE_AGENT}</EmptyState>}
      {chosen && <Totals summary={summary} />}
      {chosen && (
        <Tabs
          value={tab}
          onChange={(value) => value && setTab(value as CollectionTab)}
          keepMounted={false}
          // A count up to 999 stays whole on a 360 px phone: the label wraps ('Esta / semana') and the
          // badge never shrinks nor cuts its digits.
          styles={{ tabLabel: TAB_LABEL_STYLE, tabSection: { flexShrink: 0 } }}
        >
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
                      styles={COUNT_BADGE_STYLES}
                      data-testid={`tab-count-${value}`}
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
                  queuedVisits={queuedVisits}
                  showAgent={isAdmin && !agentId}
                  origin={origin}
                  searching={!!query}
                  onCollect={setCollecting}
                  onDiscard={(key) => void paymentQueue.discard(key)}
                  onVisit={setVisiting}
                  onDiscardVisit={(key) => void visitQueue.discard(key)}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      <CollectDialog
        card={collecting}
        agentId={user.id}
        origin={origin}
        onClose={() => setCollecting(null)}
      />
      <VisitDialog card={visiting} agentId={user.id} onClose={() => setVisiting(null)} />
    </Stack>
  );
}
