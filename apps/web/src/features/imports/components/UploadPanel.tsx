import { Alert, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { type BookImportDetails, IMPORT_MAX_BYTES } from '@prestaya/contracts';
import { IconAlertTriangle, IconTableImport, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { useCheckFile } from '../api/imports.ts';

const ACCEPT = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'text/csv': ['.csv'],
};

/** The file to check: dropped or chosen (a tap on a phone opens the file picker). */
export function UploadPanel({ onChecked }: { onChecked: (checked: BookImportDetails) => void }) {
  const check = useCheckFile();
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = (file: File) => {
    setRefusal(null);
    check.mutate(file, {
      onSuccess: onChecked,
      onError: (error) => setRefusal(isApiError(error) ? error.detail : 'No se pudo revisar el archivo'),
    });
  };
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Dropzone
          onDrop={(files) => {
            const [file] = files;
            if (file) send(file);
          }}
          onReject={() =>
            setRefusal(`El archivo debe ser XLSX o CSV de hasta ${IMPORT_MAX_BYTES / 1024 / 1024} MB`)
          }
          accept={ACCEPT}
          maxSize={IMPORT_MAX_BYTES}
          multiple={false}
          loading={check.isPending}
          aria-label="Archivo a importar"
          inputProps={{ 'aria-label': 'Archivo a importar' }}
        >
          <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <Dropzone.Accept>
              <IconUpload size={36} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={36} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconTableImport size={36} aria-hidden />
            </Dropzone.Idle>
            <div>
              <Text fw={500}>Arrastre aquí el archivo o toque para elegirlo</Text>
              <Text size="sm" c="dimmed">
                XLSX o CSV UTF-8, hasta {IMPORT_MAX_BYTES / 1024 / 1024} MB y 50,000 filas, con las columnas
                de la plantilla.
              </Text>
            </div>
          </Group>
        </Dropzone>
        {check.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Revisando el archivo…</Text>
          </Group>
        ) : null}
        {refusal ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle aria-hidden />}
            title="No se revisó el archivo"
            role="alert"
          >
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {refusal}
            </Text>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
