import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { BACKUP_KIND_LABELS, type BackupSummary } from '@prestaya/contracts';
import { IconDatabaseExport, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreateBackup } from '../api/create-backup.ts';
import { downloadBackup } from '../api/download-backup.ts';
import { BACKUPS_SHOWN, useBackups } from '../api/get-backups.ts';

export const BACKUP_TEXTS = {
  create: 'Crear respaldo',
  created: 'Respaldo creado',
  createError: 'No se pudo crear el respaldo',
  download: 'Descargar',
  downloadError: 'No se pudo descargar el respaldo',
  loadError: 'No se pudieron cargar los respaldos.',
  empty:
    'Aún no hay respaldos. Cree el primero con «Crear respaldo»; el respaldo automático se hace cada día a las 2:30.',
  intro:
    'Copia completa de la base de datos (clientes, préstamos, pagos, cuentas y comprobantes). Se guarda ' +
    'en el servidor; descárguela y guárdela fuera de él. Se conservan los últimos 14 respaldos automáticos.',
} as const;

const sizeFormat = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

/** 1.2 MB, 350 KB: a file size as a person reads it. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
  return `${sizeFormat.format(Math.max(bytes, 1) / 1024)} KB`;
}

function DownloadButton({ backup }: { backup: BackupSummary }) {
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      await downloadBackup(backup.name);
    } catch (error) {
      notify.apiError(error, BACKUP_TEXTS.downloadError);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      loading={loading}
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={`${BACKUP_TEXTS.download} ${backup.name}`}
      onClick={() => void download()}
    >
      {BACKUP_TEXTS.download}
    </Button>
  );
}

/** /admin/backups, 'Respaldos' (admin only): make a backup now, list them, download one. */
export function BackupList() {
  const backups = useBackups();
  const create = useCreateBackup();
  const total = backups.data?.totalDocuments ?? 0;

  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: (backup) =>
        notify.success(`${backup.name} (${formatSize(backup.sizeBytes)})`, BACKUP_TEXTS.created),
      onError: (error) => notify.apiError(error, BACKUP_TEXTS.createError),
    });

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} maw={720}>
          <Title order={1}>Respaldos</Title>
          <Text size="sm" c="dimmed">
            {BACKUP_TEXTS.intro}
          </Text>
        </Stack>
        <Button
          leftSection={<IconDatabaseExport size={16} aria-hidden />}
          loading={create.isPending}
          onClick={onCreate}
        >
          {BACKUP_TEXTS.create}
        </Button>
      </Group>
      <Paper withBorder p="md">
        <QueryState
          query={{ ...backups, data: backups.data?.data }}
          loadingLabel="Cargando respaldos"
          errorText={BACKUP_TEXTS.loadError}
          emptyText={BACKUP_TEXTS.empty}
          emptyIcon={<IconDatabaseExport size={22} />}
        >
          {(rows) => (
            <>
              <Table.ScrollContainer minWidth={560}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Fecha</Table.Th>
                      <Table.Th>Tipo</Table.Th>
                      <Table.Th>Tamaño</Table.Th>
                      <Table.Th>Archivo</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((backup) => (
                      <Table.Tr key={backup.name}>
                        <Table.Td>{formatDateTime(backup.createdAt)}</Table.Td>
                        <Table.Td>{BACKUP_KIND_LABELS[backup.kind]}</Table.Td>
                        <Table.Td>{formatSize(backup.sizeBytes)}</Table.Td>
                        <Table.Td>
                          <Text size="xs" ff="monospace">
                            {backup.name}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <DownloadButton backup={backup} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {total > rows.length && (
                <Text size="xs" c="dimmed" mt="xs">
                  Se muestran los {BACKUPS_SHOWN} más recientes de {total}.
                </Text>
              )}
            </>
          )}
        </QueryState>
      </Paper>
    </Stack>
  );
}
