import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

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
        <Stack align="center" gap="xs" py="lg">
          <ThemeIcon size={56} radius="xl" variant="light" color="yellow" aria-hidden>
            <IconTools size={30} />
          </ThemeIcon>
          <Text fw={600} size="lg">
            En construcción
          </Text>
          <Text c="dimmed" ta="center" maw={420}>
            Esta sección estará disponible próximamente.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
