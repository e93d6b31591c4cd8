import { Alert, Button, FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { STATEMENT_MAX_BYTES } from '@prestaya/contracts';
import { IconAlertTriangle, IconFileUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useUploadStatement } from '../api/statement.ts';

/** 'Cargar estado de cuenta': a CSV or XLSX of the chosen account, read with its saved columns. */
export function UploadForm({
  accountId,
  onUploaded,
}: {
  accountId: string;
  onUploaded: (statementId: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUploadStatement();
  const refusal = upload.error && isApiError(upload.error) && upload.error.status < 500 ? upload.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    if (!file) return setFileError('Adjunte el estado de cuenta');
    if (file.size > STATEMENT_MAX_BYTES)
      return setFileError(`El estado de cuenta excede ${STATEMENT_MAX_BYTES / 1024 / 1024} MB`);
    upload.mutate(
      { accountId, file },
      {
        onSuccess: (view) => {
          notify.success(
            `Estado de cuenta cargado: ${view.lineCount} movimientos, ${view.matches.length} emparejados`,
          );
          setFile(null);
          onUploaded(view.id);
        },
        onError: (error) => {
          if (!isApiError(error) || error.status >= 500)
            notify.apiError(error, 'No se pudo cargar el estado de cuenta');
        },
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="sm">
      <form onSubmit={submit} noValidate aria-label="Cargar estado de cuenta">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            CSV UTF-8 o XLSX del banco, máx. 5 MB. Una línea que ya se cargó antes no se duplica ni se usa dos
            veces.
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <FileInput
              label="Estado de cuenta"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              required
              withAsterisk
              clearable
              value={file}
              onChange={(next) => {
                setFile(next);
                setFileError(null);
                upload.reset();
              }}
              error={fileError}
              leftSection={<IconFileUpload size={16} aria-hidden />}
              w={{ base: '100%', xs: 300 }}
            />
            <Button type="submit" loading={upload.isPending}>
              Cargar
            </Button>
          </Group>
          {refusal ? (
            <Alert
              color="red"
              icon={<IconAlertTriangle aria-hidden />}
              title="No se cargó el estado de cuenta"
              role="alert"
            >
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {refusal.detail.replace(/^file: /, '')}
              </Text>
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
