import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One fact of a record's page: a small capitalised label over its value; long values wrap anywhere. */
export function DetailField({
  label,
  children,
  strong = false,
  testId,
}: {
  label: string;
  children: ReactNode;
  /** A bold value, for a statement read at a glance. */
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text
        component="div"
        size="md"
        fw={strong ? 600 : undefined}
        style={{ overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {children}
      </Text>
    </Stack>
  );
}
