import { Badge, Box } from '@mantine/core';
import type { StatusLabel } from '../lib/status-badges.ts';

export interface StatusBadgeProps {
  value: unknown;
  labels?: StatusLabel[];
}

/** A status value shown with its Spanish label and colour; unknown values show as they come. */
export function StatusBadge({ value, labels = [] }: StatusBadgeProps) {
  if (value === null || value === undefined || value === '') return null;
  const label = labels.find((l) => l.value === String(value));
  return (
    <Badge
      variant="light"
      color={label?.color ?? 'gray'}
      leftSection={label?.icon}
      radius="sm"
      // Never cut to 'Al corri…': the badge keeps its whole label and its column grows to hold it.
      style={{ textTransform: 'none', minWidth: 'max-content', flexShrink: 0 }}
    >
      {label?.text ?? String(value)}
    </Badge>
  );
}

/** A status badge in a table cell: a narrow column keeps the whole label instead of cutting it. */
export function StatusCell(props: StatusBadgeProps) {
  return (
    <Box miw="max-content">
      <StatusBadge {...props} />
    </Box>
  );
}
