import { Alert, Button, Group, Paper, Progress, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type BookImportDetails, IMPORT_MODE_LABELS, type ImportMode } from '@prestaya/contracts';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { downloadRejectedRows, useRunImport } from '../api/imports.ts';
import { ProblemList } from './ProblemList.tsx';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </Paper>
  );
}

/** The dry run of a file: its counts and problems; then the choice of mode and the run with its progress. */
export function DryRunResult({ checked }: { checked: BookImportDetails }) {
  const [mode, setMode] = useState<ImportMode>(checked.rejectedRows > 0 ? 'VALID' : 'ALL');
  const run = useRunImport();
  const done = run.data;
  const start = () =>
    run.mutate(
      { id: checked.id, mode },
      { onError: (error) => notify.apiError(error, 'No se importó el archivo; no se escribió nada') },
    );
  const percent =
    run.progress && run.progress.total > 0 ? (100 * run.progress.processed) / run.progress.total : 0;
  return (
    <Paper withBorder radius="md" p="sm" aria-label="Revisión del archivo" component="section">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Revisión de {checked.fileName}
        </Title>
        <Text size="sm" c="dimmed">
          No se escribió nada todavía.
        </Text>
        <SimpleGrid cols={{ base: 2, xs: 5 }} spacing="xs">
          <Figure label="Filas">{checked.totalRows}</Figure>
          <Figure label="Válidas">{checked.validRows}</Figure>
          <Figure label="Con errores">{checked.rejectedRows}</Figure>
          <Figure label="Ya importadas">{checked.alreadyImported}</Figure>
          <Figure label="Préstamos nuevos">{checked.newLoans}</Figure>
        </SimpleGrid>
        {checked.problemCount > 0 ? (
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Text fw={600}>Problemas ({checked.problemCount})</Text>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() =>
                  downloadRejectedRows(checked.id).catch((error) =>
                    notify.apiError(error, 'No se descargó el archivo'),
                  )
                }
              >
                Descargar filas rechazadas
              </Button>
            </Group>
            {checked.problemCount > checked.problems.length ? (
              <Text size="sm" c="dimmed">
                Se muestran los primeros {checked.problems.length}; el archivo de filas rechazadas los tiene
                todos.
              </Text>
            ) : null}
            <ProblemList problems={checked.problems} />
          </Stack>
        ) : (
          <Text size="sm">Sin problemas.</Text>
        )}
        {run.progress ? (
          <Stack gap={4}>
            <Progress value={percent} aria-label="Progreso de la importación" animated={run.isPending} />
            <Text size="sm">
              {run.progress.processed} de {run.progress.total} filas
            </Text>
          </Stack>
        ) : null}
        {done ? (
          <Alert
            color="teal"
            icon={<IconCircleCheck aria-hidden />}
            title="Importación terminada"
            role="status"
          >
            Se importaron {done.importedCustomers} clientes y {done.importedLoans} préstamos
            {done.alreadyImported > 0 ? `; ${done.alreadyImported} filas ya estaban importadas` : ''}.
          </Alert>
        ) : (
          <Stack gap="sm">
            <Radio.Group
              label="¿Qué importar?"
              value={mode}
              onChange={(value) => setMode(value as ImportMode)}
            >
              <Stack gap="xs" mt={4}>
                <Radio
                  value="ALL"
                  label={`${IMPORT_MODE_LABELS.ALL}: si alguna fila tiene errores, no se importa nada`}
                />
                <Radio value="VALID" label={`${IMPORT_MODE_LABELS.VALID}: las filas con errores se omiten`} />
              </Stack>
            </Radio.Group>
            <Group>
              <Button onClick={start} loading={run.isPending}>
                Importar
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
