import { Box, Group, Pagination, Text } from '@mantine/core';

interface CatalogFooterProps {
  total: number;
  /** First and last row numbers shown ('Mostrando 11–20 de 45'). */
  from: number;
  to: number;
  totalPages: number;
  page: number;
  onPageChange: (page: number) => void;
}

/** The catalog table's row count and the pagination. */
export function CatalogFooter({ total, from, to, totalPages, page, onPageChange }: CatalogFooterProps) {
  if (total === 0) return null;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        Mostrando {from}–{to} de {total}
      </Text>
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
