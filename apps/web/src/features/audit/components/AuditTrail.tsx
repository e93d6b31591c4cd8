import '@mantine/dates/styles.css';
import { Anchor, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import {
  AUDIT_ENTITIES,
  type AuditEntity,
  type AuditEntry,
  MAX_AUDIT_RANGE_DAYS,
  MAX_DATE,
  MIN_DATE,
} from '@prestaya/contracts';
import { IconFilterOff } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuditChanges } from '../../../components/AuditChanges.tsx';
import { CatalogTable, type ColumnDef } from '../../../components/CatalogTable/index.ts';
import { auditActionLabel, auditChanges, auditEntityLabel, auditUserName } from '../../../lib/audit.ts';
import { DATE_FORMAT, dayjs, formatDateTime, ISO_DATE_FORMAT, parseTypedDate } from '../../../lib/format.ts';
import { apiPaths, screenPaths } from '../../../lib/paths.ts';
import { type AuditFilters, getAudit } from '../api/get-audit.ts';
import { AUDIT_USERS_LIMIT, useAuditUsers } from '../api/get-users.ts';
import { auditKeys } from '../api/keys.ts';

export const AUDIT_TITLE = 'Auditoría';
export const AUDIT_PAGE_SIZE = 20;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters live in the URL (?entity&userId&from&to): a reload or a shared link keeps them. */
function readFilters(params: URLSearchParams): AuditFilters {
  const entity = params.get('entity');
  const userId = params.get('userId');
  const from = params.get('from');
  const to = params.get('to');
  return {
    entity: AUDIT_ENTITIES.includes(entity as AuditEntity) ? (entity as AuditEntity) : undefined,
    userId: userId && UUID.test(userId) ? userId : undefined,
    from: from && ISO_DAY.test(from) ? from : undefined,
    to: to && ISO_DAY.test(to) ? to : undefined,
  };
}

/**
 * The farthest day the other end of the range may be, `days` away from `date`, so the pickers never
 * offer a range the API refuses (at most MAX_AUDIT_RANGE_DAYS, both ends included).
 */
const rangeEnd = (date: string | undefined, days: number) =>
  date ? dayjs(date).add(days, 'day').format(ISO_DATE_FORMAT) : undefined;

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** What an audit row is about, in words, and the screen that shows it (when there is one). */
export function auditRecord(entry: AuditEntry): { label: string; href?: string } {
  const snap = entry.after ?? entry.before ?? {};
  const loanNum = snap.loanNum ?? (entry.entity === 'loan' ? snap.num : undefined);
  const customerId = text(snap.customerId);
  switch (entry.entity) {
    case 'customer': {
      const name = [text(snap.name), text(snap.lastName)].filter(Boolean).join(' ');
      return {
        label: name || `Cliente ${entry.entityId.slice(0, 8)}`,
        href: screenPaths.customer(entry.entityId),
      };
    }
    case 'address':
      return {
        label: text(snap.street) ?? 'Domicilio',
        href: customerId ? screenPaths.customer(customerId) : undefined,
      };
    case 'loan':
      // A loan is shown on its customer's screen.
      return {
        label: loanNum !== undefined ? `Préstamo No. ${loanNum}` : 'Préstamo',
        href: customerId ? screenPaths.customer(customerId) : undefined,
      };
    case 'payment':
      return {
        label: loanNum !== undefined ? `Pago · Préstamo No. ${loanNum}` : 'Pago',
        href: screenPaths.payment(entry.entityId),
      };
    case 'fee':
      return { label: loanNum !== undefined ? `Multa · Préstamo No. ${loanNum}` : 'Multa' };
    case 'user':
      return { label: text(snap.username) ?? text(snap.name) ?? 'Usuario' };
    case 'bank_account':
      return { label: text(snap.name) ?? 'Cuenta', href: screenPaths.accountTransactions(entry.entityId) };
    default:
      return { label: auditEntityLabel(entry.entity) };
  }
}

function RecordCell({ entry }: { entry: AuditEntry }) {
  const record = auditRecord(entry);
  return (
    <Stack gap={0}>
      {record.href ? (
        <Anchor component={Link} to={record.href} size="sm">
          {record.label}
        </Anchor>
      ) : (
        <Text size="sm">{record.label}</Text>
      )}
      <Text size="xs" c="dimmed" ff="monospace" title={entry.entityId}>
        {entry.entityId.slice(0, 8)}
      </Text>
    </Stack>
  );
}

function ChangesDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 35.99em)');
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title="Cambios"
      size="lg"
      centered
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {entry && (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Text size="sm">
              <Text span c="dimmed">
                Acción:{' '}
              </Text>
              {auditActionLabel(entry.action)}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Entidad:{' '}
              </Text>
              {auditEntityLabel(entry.entity)} · {auditRecord(entry).label}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Fecha:{' '}
              </Text>
              {formatDateTime(entry.at)}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Usuario:{' '}
              </Text>
              {auditUserName(entry.user)}
            </Text>
          </SimpleGrid>
          <AuditChanges entry={entry} label="Cambios del registro" />
        </Stack>
      )}
    </Modal>
  );
}

function DateFilter({
  label,
  value,
  onChange,
  minDate,
  maxDate,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  minDate?: string;
  maxDate?: string;
}) {
  return (
    <DateInput
      label={label}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      valueFormat={DATE_FORMAT}
      dateParser={parseTypedDate}
      placeholder="DD/MM/AAAA"
      clearable
      minDate={minDate && minDate > MIN_DATE ? minDate : MIN_DATE}
      maxDate={maxDate && maxDate < MAX_DATE ? maxDate : MAX_DATE}
      popoverProps={{ withinPortal: true }}
    />
  );
}

/** /admin/audit (admin): who changed what and when, filtered by entity, user and date range. */
export function AuditTrail() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readFilters(searchParams), [searchParams]);
  const [viewing, setViewing] = useState<AuditEntry | null>(null);
  const users = useAuditUsers();

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

  const userOptions = useMemo(
    () =>
      (users.data?.data ?? []).map((user) => ({
        value: user.id,
        label: `${[user.name, user.lastName].filter(Boolean).join(' ')} (${user.username})`,
      })),
    [users.data],
  );

  const columns = useMemo<ColumnDef<AuditEntry>[]>(
    () => [
      {
        header: 'Fecha',
        accessor: 'at',
        width: 120,
        render: (entry) => {
          const [date, ...time] = formatDateTime(entry.at).split(' ');
          return (
            <Stack gap={0}>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {date}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {time.join(' ')}
              </Text>
            </Stack>
          );
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
            <Select
              label="Usuario"
              placeholder={users.isPending ? 'Cargando usuarios…' : 'Todos'}
              data={userOptions}
              value={filters.userId ?? null}
              onChange={(value) => setFilter('userId', value ?? undefined)}
              searchable
              clearable
              nothingFoundMessage="Sin coincidencias"
              error={users.isError ? 'No se pudieron cargar los usuarios' : undefined}
              description={
                (users.data?.totalDocuments ?? 0) > AUDIT_USERS_LIMIT
                  ? `Se muestran los primeros ${AUDIT_USERS_LIMIT} por nombre`
                  : undefined
              }
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
