import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { IconNotice } from './QueryState.tsx';

export interface UnderConstructionProps {
  /** The screen's title, shown as its heading. */
  title: string;
}

/** Placeholder of a screen a later iteration builds. */
export function UnderConstruction({ title }: UnderConstructionProps) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <IconNotice large color="yellow" icon={<IconTools size={30} />}>
          <Text fw={600} size="lg">
            En construcción
          </Text>
          <Text c="dimmed" ta="center" maw={420}>
            Esta sección estará disponible próximamente.
          </Text>
        </IconNotice>
      </Paper>
    </Stack>
  );
}
