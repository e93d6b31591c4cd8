import '@mantine/dates/styles.css';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { AUDIT_ENTITIES, type AuditEntry, MAX_AUDIT_RANGE_DAYS, type User } from '@prestaya/contracts';
import { IconFilterOff } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CatalogTable, type ColumnDef } from '../../../components/CatalogTable/index.ts';
import { DateFilter, rangeEnd } from '../../../components/DateFilter.tsx';
import { DateTimeCell } from '../../../components/DateTimeCell.tsx';
import { StaffSelect } from '../../../components/StaffSelect.tsx';
import { auditActionLabel, auditChanges, auditEntityLabel, auditUserName } from '../../../lib/audit.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { type AuditFilters, getAudit } from '../api/get-audit.ts';
import { useAuditUser } from '../api/get-user.ts';
import { searchAuditUsers } from '../api/get-users.ts';
import { auditKeys } from '../api/keys.ts';
import { readFilters } from './AuditFilters.tsx';
import { ChangesDialog, RecordCell } from './AuditRecord.tsx';

export const AUDIT_TITLE = 'Auditoría';
export const AUDIT_PAGE_SIZE = 20;

const userLabel = (user: User) =>
  `${[user.name, user.lastName].filter(Boolean).join(' ')} (${user.username})`;

/** /admin/audit (admin): who changed what and when, filtered by entity, user and date range. */
export function AuditTrail() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readFilters(searchParams), [searchParams]);
  const [viewing, setViewing] = useState<AuditEntry | null>(null);
  // The user of the address (a reload, a shared link) may not be on the filter's first page.
  const filteredUser = useAuditUser(filters.userId);

  const setFilter = (key: keyof AuditFilters, value: string | undefined) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearchParams(next, { replace: true });
  };
  const hasFilters = Object.values(filters).some(Boolean);

  const fetchPage = useCallback(
    // The audit list takes only page/size and its own filters (no search or ordering: newest first).
    ({ page, size }: { page: number; size: number }) => getAudit({ page, size, ...filters }),
    [filters],
  );

  const columns = useMemo<ColumnDef<AuditEntry>[]>(
    () => [
      {
        header: 'Fecha',
        accessor: 'at',
        width: 120,
        render: (entry) => {
          const [date = '', ...time] = formatDateTime(entry.at).split(' ');
          return <DateTimeCell date={date} time={time.join(' ')} />;
        },
      },
      { header: 'Usuario', accessor: 'user.name', render: (entry) => auditUserName(entry.user) },
      {
        header: 'Entidad',
        accessor: 'entity',
        visibleFrom: 'sm',
        render: (entry) => auditEntityLabel(entry.entity),
      },
      { header: 'Registro', accessor: 'entityId', render: (entry) => <RecordCell entry={entry} /> },
      { header: 'Acción', accessor: 'action', render: (entry) => auditActionLabel(entry.action) },
      {
        header: 'Cambios',
        accessor: 'id',
        textAlign: 'right',
        render: (entry) => {
          const count = auditChanges(entry).length;
          return (
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => setViewing(entry)}
              disabled={count === 0}
              aria-label={`Ver cambios (${count === 1 ? '1 campo' : `${count} campos`})`}
            >
              Ver cambios
            </Button>
          );
        },
      },
    ],
    [],
  );

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 0 }}>
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {AUDIT_TITLE}
          </Title>
          <Text size="sm" c="dimmed">
            Quién cambió qué y cuándo, del más reciente al más antiguo.
          </Text>
        </Stack>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label="Filtros">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Select
              label="Entidad"
              placeholder="Todas"
              data={AUDIT_ENTITIES.map((value) => ({ value, label: auditEntityLabel(value) }))}
              value={filters.entity ?? null}
              onChange={(value) => setFilter('entity', value ?? undefined)}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            <StaffSelect
              label="Usuario"
              search={searchAuditUsers}
              optionLabel={userLabel}
              selected={
                filteredUser.data && { value: filteredUser.data.id, label: userLabel(filteredUser.data) }
              }
              loadingPlaceholder="Cargando usuarios…"
              placeholder="Todos"
              loadError="No se pudieron cargar los usuarios"
              value={filters.userId ?? null}
              onChange={(value) => setFilter('userId', value ?? undefined)}
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            <DateFilter
              label="Desde"
              value={filters.from}
              minDate={rangeEnd(filters.to, 1 - MAX_AUDIT_RANGE_DAYS)}
              maxDate={filters.to}
              onChange={(value) => setFilter('from', value)}
            />
            <DateFilter
              label="Hasta"
              value={filters.to}
              minDate={filters.from}
              maxDate={rangeEnd(filters.from, MAX_AUDIT_RANGE_DAYS - 1)}
              onChange={(value) => setFilter('to', value)}
            />
          </SimpleGrid>
          {hasFilters && (
            <Group justify="flex-end" mt="sm">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconFilterOff size={14} aria-hidden />}
                onClick={() => setSearchParams(new URLSearchParams(), { replace: true })}
              >
                Quitar filtros
              </Button>
            </Group>
          )}
        </Paper>

        <CatalogTable<AuditEntry>
          listId="audit"
          title="Registros"
          queryKey={[...auditKeys.lists(), filters]}
          fetchPage={fetchPage}
          columns={columns}
          pageSize={AUDIT_PAGE_SIZE}
          resetPageKey={JSON.stringify(filters)}
          exportCsv={{
            path: apiPaths.auditExport,
            fallbackName: 'auditoria.csv',
            // Only the audit filters: the table's search and ordering do not apply here.
            query: { ...filters, query: undefined, q: undefined, orderBy: undefined, order: undefined },
          }}
        />
        <ChangesDialog entry={viewing} onClose={() => setViewing(null)} />
      </Stack>
    </DatesProvider>
  );
}
