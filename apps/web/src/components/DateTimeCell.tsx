import { Stack, Text } from '@mantine/core';

/** A table cell's date with its time underneath, so a narrow column never breaks either of them. */
export function DateTimeCell({ date, time }: { date: string; time: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {date}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {time}
      </Text>
    </Stack>
  );
}
