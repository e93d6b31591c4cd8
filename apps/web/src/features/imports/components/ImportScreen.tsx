import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { BookImportDetails } from '@prestaya/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { downloadTemplate } from '../api/imports.ts';
import { DryRunResult } from './DryRunResult.tsx';
import { ImportHistory } from './ImportHistory.tsx';
import { UploadPanel } from './UploadPanel.tsx';

export const IMPORT_TITLE = 'Importar';

/**
 * /admin/import (administrators): an existing book of customers and loans in progress from an XLSX
 * or CSV file. The template documents each column; a file is first checked without writing anything
 * (every problem by row and column, the rejected rows as a file); then it is imported, all or only the
 * valid rows, with its progress; the history keeps each import and its file.
 */
export function ImportScreen() {
  const [checked, setChecked] = useState<BookImportDetails | null>(null);
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{IMPORT_TITLE}</Title>
        <Text size="sm" c="dimmed">
          Clientes con su domicilio y agente, y sus préstamos en curso, desde una hoja de cálculo. Primero se
          revisa el archivo sin escribir nada.
        </Text>
      </div>
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            downloadTemplate().catch((error) => notify.apiError(error, 'No se descargó la plantilla'))
          }
        >
          Descargar plantilla
        </Button>
      </Group>
      <UploadPanel onChecked={setChecked} />
      {checked ? <DryRunResult key={checked.id} checked={checked} /> : null}
      <ImportHistory />
    </Stack>
  );
}
