import { Box, Group, Pagination, Select, Text } from '@mantine/core';
import { formatCount } from '../../lib/format.ts';

interface CatalogFooterProps {
  total: number;
  /** More rows match than the server counts: `total` is its cap, read 'más de 10,000'. */
  totalCapped: boolean;
  /** First and last row numbers shown ('Mostrando 11–20 de 45'). */
  from: number;
  to: number;
  totalPages: number;
  page: number;
  onPageChange: (page: number) => void;
  pageSize: number;
  pageSizes: number[];
  onPageSizeChange: (size: number) => void;
}

/** The catalog table's row count, its page size ('Filas por página') and the pagination. */
export function CatalogFooter({
  total,
  totalCapped,
  from,
  to,
  totalPages,
  page,
  onPageChange,
  pageSize,
  pageSizes,
  onPageSizeChange,
}: CatalogFooterProps) {
  if (total === 0) return null;
  // A capped total still pages: its pages are the cap's, and each one asks the server again.
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          {`Mostrando ${formatCount(from)}–${formatCount(to)} de ${totalCapped ? 'más de ' : ''}${formatCount(total)}`}
        </Text>
        <Select
          aria-label="Filas por página"
          data={pageSizes.map(String)}
          value={String(pageSize)}
          onChange={(value) => value && onPageSizeChange(Number(value))}
          allowDeselect={false}
          size="xs"
          w={76}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {totalPages > 1 && (
        <Box role="group" aria-label="Paginación">
          <Pagination
            total={totalPages}
            value={page}
            onChange={onPageChange}
            siblings={1}
            boundaries={2}
            size="sm"
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': 'Página anterior' }
                : control === 'next'
                  ? { 'aria-label': 'Página siguiente' }
                  : {}
            }
            getItemProps={(n) => ({
              'aria-label': `Página ${n}`,
              'aria-current': n === page ? 'page' : undefined,
            })}
          />
        </Box>
      )}
    </Group>
  );
}
