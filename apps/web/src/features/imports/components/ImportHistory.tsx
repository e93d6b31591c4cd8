import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type BookImport, IMPORT_STATUS_LABELS } from '@prestaya/contracts';
import { IconDownload } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { downloadImportFile, useImports } from '../api/imports.ts';

const STATUS_COLORS: Record<BookImport['status'], string> = { CHECKED: 'gray', DONE: 'teal', FAILED: 'red' };

const counts = (item: BookImport) =>
  item.status === 'DONE'
    ? `${item.importedCustomers} clientes, ${item.importedLoans} préstamos`
    : `${item.validRows} válidas, ${item.rejectedRows} con errores`;

function FileButton({ item }: { item: BookImport }) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={`Descargar ${item.fileName}`}
      onClick={() =>
        downloadImportFile(item.id, item.fileName).catch((error) =>
          notify.apiError(error, 'No se descargó el archivo'),
        )
      }
    >
      Archivo
    </Button>
  );
}

/** 'Historial': the latest imports with their counts and their file (a table, or cards on a phone). */
export function ImportHistory() {
  const imports = useImports();
  const items = imports.data ?? [];
  return (
    <Stack gap="xs" component="section" aria-label="Historial de importaciones">
      <Title order={2} size="h4">
        Historial
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {imports.isPending ? 'Cargando…' : 'Sin importaciones todavía.'}
        </Text>
      ) : null}
      {items.length > 0 ? (
        <Table.ScrollContainer minWidth={600} visibleFrom="sm">
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Archivo</Table.Th>
                <Table.Th>Estatus</Table.Th>
                <Table.Th>Filas</Table.Th>
                <Table.Th>Resultado</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{formatDateTime(item.createdOn)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.fileName}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[item.status]}>{IMPORT_STATUS_LABELS[item.status]}</Badge>
                  </Table.Td>
                  <Table.Td>{item.totalRows}</Table.Td>
                  <Table.Td>{counts(item)}</Table.Td>
                  <Table.Td>
                    <FileButton item={item} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Stack gap="xs" hiddenFrom="sm" role="list" aria-label="Importaciones">
        {items.map((item) => (
          <Paper key={item.id} withBorder radius="md" p="xs" role="listitem">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {item.fileName}
              </Text>
              <Badge color={STATUS_COLORS[item.status]}>{IMPORT_STATUS_LABELS[item.status]}</Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {formatDateTime(item.createdOn)} · {item.totalRows} filas
            </Text>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">{counts(item)}</Text>
              <FileButton item={item} />
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
