import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';

/** Product name with its tagline (docs/product.md §1: public header); the link around it is the layout's. */
export function BrandMark({ withTagline = true }: { withTagline?: boolean }) {
  return (
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
  );
}

export const BRAND_LINK_LABEL = 'PrestaYa, ir al inicio';
