import {
  Group,
  type MantineColor,
  Paper,
  Stack,
  Text,
  Timeline,
  Title,
  type TitleOrder,
} from '@mantine/core';
import { type AuditEntry, auditEntry, type EntityHistoryParams, z } from '@prestaya/contracts';
import {
  IconCheck,
  IconHistory,
  IconPencil,
  IconPlus,
  IconPoint,
  IconRefresh,
  IconReplace,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { apiData } from '../lib/api.ts';
import { auditActionLabel, auditEntityLabel, auditUserName } from '../lib/audit.ts';
import { formatDateTime } from '../lib/format.ts';
import { apiPaths } from '../lib/paths.ts';
import { queryRoots } from '../lib/query-keys.ts';
import { AuditChanges } from './AuditChanges.tsx';
import { QueryState } from './QueryState.tsx';

export const HISTORY_TITLE = 'Historial';
export const NO_HISTORY_TEXT = 'Sin cambios registrados';

export type HistoryEntity = EntityHistoryParams['entity'];

/** Every audit query (the list and each record's history) lives under this key. */
const AUDIT_QUERY_KEY = queryRoots.audit;

const readAuditEntries = z.array(auditEntry).parse;

/** GET /api/v1/audit/{entity}/{id} → the record's audit rows, newest first. */
export async function getEntityHistory(entity: HistoryEntity, id: string): Promise<AuditEntry[]> {
  return apiData.get(apiPaths.entityAudit(entity, id), readAuditEntries);
}

export const entityHistoryQueryOptions = (entity: HistoryEntity, id: string) =>
  queryOptions({
    queryKey: [...AUDIT_QUERY_KEY, 'history', entity, id],
    queryFn: () => getEntityHistory(entity, id),
    staleTime: 0,
  });

const ACTION_STYLES: Record<string, { color: MantineColor; icon: ReactNode }> = {
  created: { color: 'teal', icon: <IconPlus size={12} /> },
  registered: { color: 'teal', icon: <IconPlus size={12} /> },
  updated: { color: 'blue', icon: <IconPencil size={12} /> },
  approved: { color: 'teal', icon: <IconCheck size={12} /> },
  confirmed: { color: 'teal', icon: <IconCheck size={12} /> },
  deleted: { color: 'red', icon: <IconTrash size={12} /> },
  cancelled: { color: 'red', icon: <IconX size={12} /> },
  rejected: { color: 'red', icon: <IconX size={12} /> },
  written_off: { color: 'red', icon: <IconX size={12} /> },
  recomputed: { color: 'gray', icon: <IconRefresh size={12} /> },
  restructured: { color: 'violet', icon: <IconReplace size={12} /> },
  included_in_restructuring: { color: 'violet', icon: <IconReplace size={12} /> },
};
const DEFAULT_STYLE = { color: 'gray', icon: <IconPoint size={12} /> };

/**
 * Any successful change may have written audit rows: refresh the audit queries after every mutation,
 * so a record edited on the same screen shows its new row at once.
 */
function useRefreshAuditAfterMutations() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
        }
      }),
    [queryClient],
  );
}

export interface EntityHistoryProps {
  entity: HistoryEntity;
  entityId: string;
  headingOrder?: TitleOrder;
  /** Without its own card and title (e.g. inside a dialog titled 'Historial'). */
  bare?: boolean;
}

function HistoryTimeline({ entity, entries }: { entity: HistoryEntity; entries: AuditEntry[] }) {
  return (
    <Timeline
      active={entries.length - 1}
      bulletSize={22}
      lineWidth={2}
      role="list"
      aria-label={HISTORY_TITLE}
    >
      {entries.map((entry) => {
        const style = ACTION_STYLES[entry.action] ?? DEFAULT_STYLE;
        // A customer's history holds its addresses' rows, a loan's its fees': name what changed.
        const other = entry.entity !== entity ? ` · ${auditEntityLabel(entry.entity)}` : '';
        return (
          <Timeline.Item
            key={entry.id}
            role="listitem"
            color={style.color}
            bullet={<span aria-hidden>{style.icon}</span>}
            title={
              <Text fw={600} size="sm">
                {auditActionLabel(entry.action)}
                {other}
              </Text>
            }
          >
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at)} · {auditUserName(entry.user)}
              </Text>
              <AuditChanges entry={entry} label={`Cambios: ${auditActionLabel(entry.action)}`} />
            </Stack>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/**
 * 'Historial' of a customer, loan or payment: a timeline of its audit rows, newest first,
 * each with its date, user, action and changed fields.
 */
export function EntityHistory({ entity, entityId, headingOrder = 2, bare = false }: EntityHistoryProps) {
  useRefreshAuditAfterMutations();
  const query = useQuery(entityHistoryQueryOptions(entity, entityId));
  const body = (
    <QueryState
      query={query}
      loadingLabel="Cargando historial"
      errorText="No se pudo cargar el historial."
      emptyText={NO_HISTORY_TEXT}
      emptyIcon={<IconHistory size={24} />}
    >
      {(entries) => <HistoryTimeline entity={entity} entries={entries} />}
    </QueryState>
  );
  if (bare) return body;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={HISTORY_TITLE}>
      <Stack gap="md">
        <Group gap="xs">
          <IconHistory size={20} aria-hidden />
          <Title order={headingOrder} size="h4">
            {HISTORY_TITLE}
          </Title>
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
