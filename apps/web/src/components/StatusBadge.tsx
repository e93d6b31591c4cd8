import { Badge, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatusLabel {
  value: string;
  text: string;
  color?: MantineColor;
  icon?: ReactNode;
}

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
      style={{ textTransform: 'none' }}
    >
      {label?.text ?? String(value)}
    </Badge>
  );
}
