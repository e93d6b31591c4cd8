import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatDateTime, fullName } from '../../../lib/format.ts';
import { useAmlLists } from '../api/lists.ts';
import { ListImportForm } from './ListImportForm.tsx';

/** 'Listas': the import form and the imports so far, newest first. */
export function ListsTab() {
  const lists = useAmlLists();
  return (
    <Stack gap="sm">
      <ListImportForm />
      <Title order={2} size="h4">
        Listas importadas
      </Title>
      <QueryState
        query={lists}
        loadingLabel="Cargando listas"
        errorText="No se pudieron cargar las listas."
        emptyText="Aún no se ha importado ninguna lista."
        emptyIcon={<IconList aria-hidden />}
      >
        {(rows) => (
          <Stack gap="xs">
            {rows.map((list) => (
              <Paper key={list.id} withBorder radius="md" p="sm" component="article" aria-label={list.name}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {list.name}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {list.fileName} · {list.rows} personas · {list.matchesFound} coincidencias ·{' '}
                  {formatDateTime(list.importedOn)}
                  {list.importedBy ? ` · ${fullName(list.importedBy)}` : ''}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
