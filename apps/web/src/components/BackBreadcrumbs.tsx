import { Anchor, Breadcrumbs, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Absent for the current screen (plain text). */
  to?: string;
}

/** 'List › … › current' trail of a details screen; the first link (with an arrow) goes back to the list. */
export function BackBreadcrumbs({
  back,
  items,
  maw = 220,
}: {
  back: Required<Crumb>;
  items: Crumb[];
  /** Longest a crumb may grow before it is truncated. */
  maw?: number;
}) {
  return (
    <Breadcrumbs separator="›" separatorMargin={6}>
      <Anchor component={Link} to={back.to} size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {back.label}
        </Group>
      </Anchor>
      {items.map((item) =>
        item.to ? (
          <Anchor key={item.label} component={Link} to={item.to} size="sm" truncate maw={maw}>
            {item.label}
          </Anchor>
        ) : (
          <Text key={item.label} size="sm" c="dimmed" truncate maw={maw}>
            {item.label}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}
