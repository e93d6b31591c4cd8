import { Anchor, Group, Image, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { MoneyText } from '../MoneyText.tsx';
import { StatusBadge, type StatusBadgeProps } from '../StatusBadge.tsx';
import type { ColumnDef, FilterOption } from './types.ts';

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/** Reads a dotted property path (`customer.name`). */
export function getPath(source: unknown, path: string): unknown {
  let current: unknown = source;
  for (const key of path.split('.')) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The raw value of a cell: path, first array element's property, then `concat` joined by spaces. */
export function cellValue<T>(row: T, column: ColumnDef<T>): unknown {
  let value = getPath(row, column.accessor);
  if (Array.isArray(value)) {
    value = column.elementProp
      ? getPath(value[0], column.elementProp)
      : value.filter((v) => !isBlank(v)).join(', ');
  }
  if (column.concat?.length) {
    return [value, ...column.concat.map((path) => getPath(row, path))]
      .filter((v) => !isBlank(v))
      .map(String)
      .join(' ');
  }
  return value;
}

function percentOf(value: number, [min, max]: [number, number]): number {
  if (max === min) return 0;
  return Math.min(100, Math.max(0, ((value - min) / (max - min)) * 100));
}

export function renderCell<T>(row: T, column: ColumnDef<T>) {
  if (column.render) return column.render(row);
  const value = cellValue(row, column);
  switch (column.type) {
    case 'money':
      return isBlank(value) ? null : <MoneyText value={value as number} />;
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return formatDateTime(value as string);
    case 'status':
      return <RowStatus value={value} labels={column.labels} />;
    case 'image':
      return isBlank(value) ? null : (
        <Image src={String(value)} alt={column.header} h={40} w={40} radius="sm" fit="cover" />
      );
    case 'link': {
      if (isBlank(value)) return null;
      const href = column.href ? column.href(row) : String(value);
      const stop = (event: React.MouseEvent) => event.stopPropagation();
      return href.startsWith('/') ? (
        <Anchor component={Link} to={href} onClick={stop}>
          {String(value)}
        </Anchor>
      ) : (
        <Anchor href={href} target="_blank" rel="noopener noreferrer" onClick={stop}>
          {String(value)}
        </Anchor>
      );
    }
    case 'progress': {
      const n = Number(value);
      if (isBlank(value) || !Number.isFinite(n)) return null;
      const pct = percentOf(n, column.range ?? [0, 100]);
      const color = column.rangeStyles?.find((r) => pct >= r.from && pct <= r.to)?.color ?? 'teal';
      const text = `${Math.round(pct)}%`;
      return (
        <Group gap="xs" wrap="nowrap" miw={120}>
          <Progress value={pct} color={color} size="md" radius="xl" style={{ flex: 1 }} aria-label={text} />
          <Text size="xs" fw={500} w={36} ta="right">
            {text}
          </Text>
        </Group>
      );
    }
    default:
      return isBlank(value) ? '' : String(value);
  }
}

/** A status filter's options: every value with its Spanish label, in the given order. */
export function filterOptionsOf<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
): FilterOption[] {
  return values.map((value) => ({ value, text: labels[value] }));
}

/**
 * A customer's name with, on a phone, the status and amount that the columns hidden there show folded
 * under it (`detail` follows the amount), so nothing scrolls out of view.
 */
export function FoldedNameCell({
  name,
  status,
  amount,
  detail,
}: {
  name: string;
  status: StatusBadgeProps;
  amount: number;
  detail?: string;
}) {
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{name}</Text>
      <Group gap={6} hiddenFrom="sm">
        <StatusBadge {...status} />
        <Text size="xs" c="dimmed">
          <MoneyText value={amount} />
          {detail && ` · ${detail}`}
        </Text>
      </Group>
    </Stack>
  );
}

/** A status as tall as the row's actions button, so rows without actions keep the same height. */
export function RowStatus(props: StatusBadgeProps) {
  return (
    <Group mih={28} align="center">
      <StatusBadge {...props} />
    </Group>
  );
}

/** A table's empty state; kept mounted (hidden by CSS) by the table, so it draws only when `show`. */
export function TableEmpty({ show, icon, text }: { show: boolean; icon: ReactNode; text: string }) {
  return (
    <Stack align="center" gap={6}>
      {show && (
        <>
          {icon}
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </>
      )}
    </Stack>
  );
}
