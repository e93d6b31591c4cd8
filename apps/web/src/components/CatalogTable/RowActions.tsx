import { ActionIcon, Box, Menu } from '@mantine/core';
import { IconDotsVertical, IconPencil } from '@tabler/icons-react';
import type { ExtraButton } from './types.ts';

interface RowActionsProps<T> {
  row: T;
  onEdit?: (row: T) => void;
  editLabel: string;
  extraButtons: ExtraButton<T>[];
}

/**
 * Per-row actions menu (docs/product.md §2 "Reusable paged table (catalog)"): Mantine Menu gives arrow-key navigation,
 * Escape / outside click / item selection closing, and returns focus to the trigger.
 */
export function RowActions<T>({ row, onEdit, editLabel, extraButtons }: RowActionsProps<T>) {
  const extras = extraButtons.filter((button) => !button.condition || button.condition(row));
  if (!onEdit && extras.length === 0) return null;
  return (
    // Portal events bubble through the React tree: keep menu clicks away from the row's click handler.
    <Box
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      display="inline-block"
    >
      <Menu position="bottom-end" offset={1} shadow="md" withinPortal closeDelay={400} loop>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label="Acciones" title="Acciones">
            <IconDotsVertical size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {onEdit && (
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(row)}>
              {editLabel}
            </Menu.Item>
          )}
          {extras.map((button) => (
            <Menu.Item
              key={button.label}
              leftSection={button.icon}
              color={button.color}
              onClick={() => button.onClick(row)}
            >
              {button.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Box>
  );
}
