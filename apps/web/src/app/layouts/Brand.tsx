import { Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Product name with its tagline (spec 1: public header). */
export function Brand({ to = '/', withTagline = true }: { to?: string; withTagline?: boolean }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label="PrestaYa, ir al inicio">
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="filled" aria-hidden>
          <IconCoins size={22} />
        </ThemeIcon>
        <Stack gap={0}>
          <Text fw={800} size="lg" lh={1.1} c="teal.9">
            PrestaYa
          </Text>
          {withTagline && (
            <Text size="xs" c="dimmed" lh={1.2} style={{ whiteSpace: 'nowrap' }}>
              Préstamos personales
            </Text>
          )}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
