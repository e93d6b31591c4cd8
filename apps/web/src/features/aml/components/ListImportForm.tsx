import { Alert, Button, FileInput, Group, List, Paper, Stack, Text, TextInput } from '@mantine/core';
import { AML_LIST_MAX_BYTES, amlListImportFields } from '@prestaya/contracts';
import { IconAlertTriangle, IconFileUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { type ApiError, isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useImportList } from '../api/lists.ts';

/** The server's refusal of a file: its detail and, for bad rows, each row and column. */
function ImportErrors({ error }: { error: ApiError }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="No se importó la lista" role="alert">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {error.errors.length > 1 ? 'Corrija estas filas y vuelva a importar el archivo:' : error.detail}
      </Text>
      {error.errors.length > 1 ? (
        <List size="sm" mt="xs" aria-label="Errores por fila">
          {error.errors.map((issue) => (
            <List.Item key={`${issue.field}-${issue.message}`} style={{ overflowWrap: 'anywhere' }}>
              {issue.field[0]?.toUpperCase()}
              {issue.field.slice(1)}: {issue.message}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}

/**
 * 'Importar lista': a name and a CSV file (nombre, curp, rfc, lista, fecha). The server checks every
 * row and refuses the whole file with each error by row and column; once imported, it screens every
 * customer and says how many matched.
 */
export function ListImportForm() {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const importList = useImportList();
  const refusal = importList.error && isApiError(importList.error) ? importList.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (importList.isPending) return;
    const parsed = amlListImportFields.safeParse({ name });
    setNameError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    setFileError(file ? null : 'Adjunte el archivo CSV de la lista');
    if (!parsed.success || !file) return;
    if (file.size > AML_LIST_MAX_BYTES) {
      setFileError(`El archivo de la lista excede ${AML_LIST_MAX_BYTES / 1024 / 1024} MB`);
      return;
    }
    importList.mutate(
      { name: parsed.data.name, file },
      {
        onSuccess: (list) => {
          notify.success(`Lista importada: ${list.rows} personas, ${list.matchesFound} coincidencias nuevas`);
          setName('');
          setFile(null);
        },
        onError: (error) => {
          if (!isApiError(error) || error.status !== 400)
            notify.apiError(error, 'No se pudo importar la lista');
        },
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="sm">
      <form onSubmit={submit} noValidate aria-label="Importar lista">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            CSV UTF-8 con las columnas nombre, curp, rfc, lista y fecha (AAAA-MM-DD o DD/MM/AAAA); máx. 5 MB y
            50,000 filas. Si alguna fila tiene errores no se importa nada.
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Nombre de la lista"
              required
              withAsterisk
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setNameError(null);
              }}
              error={nameError}
              w={{ base: '100%', xs: 260 }}
            />
            <FileInput
              label="Archivo CSV"
              placeholder="Elegir archivo"
              accept=".csv,text/csv"
              required
              withAsterisk
              clearable
              value={file}
              onChange={(next) => {
                setFile(next);
                setFileError(null);
                importList.reset();
              }}
              error={fileError}
              leftSection={<IconFileUpload size={16} aria-hidden />}
              w={{ base: '100%', xs: 260 }}
            />
          </Group>
          <Group>
            <Button type="submit" loading={importList.isPending}>
              Importar
            </Button>
          </Group>
          {refusal && refusal.status === 400 ? <ImportErrors error={refusal} /> : null}
        </Stack>
      </form>
    </Paper>
  );
}
