import { Box, Button, Group, Select, TextInput, Title, type TitleOrder } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import type { QueryValue } from '../../lib/api.ts';
import { ExportCsvButton } from '../ExportCsvButton.tsx';
import type { CsvExport, FilterOption } from './types.ts';

/** The filter's 'Todos' value: no `q` is sent. */
export const ALL = '__todos__';

interface CatalogToolbarProps {
  title?: string;
  titleOrder: TitleOrder;
  searchable: boolean;
  searchPlaceholder: string;
  searchText: string;
  onSearchTextChange: (text: string) => void;
  onSearch: (event: FormEvent) => void;
  filterOptions?: FilterOption[];
  filterLabel: string;
  filter: string;
  onFilterChange: (value: string | null) => void;
  exportCsv?: CsvExport;
  /** The table's current search, filter and order, which the CSV export repeats. */
  exportQuery: Record<string, QueryValue>;
}

/** The catalog table's title, search form, field filter and 'Descargar CSV' button. */
export function CatalogToolbar({
  title,
  titleOrder,
  searchable,
  searchPlaceholder,
  searchText,
  onSearchTextChange,
  onSearch,
  filterOptions,
  filterLabel,
  filter,
  onFilterChange,
  exportCsv,
  exportQuery,
}: CatalogToolbarProps) {
  if (!title && !searchable && !filterOptions && !exportCsv) return null;
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      {title && (
        <Title order={titleOrder} size="h3">
          {title}
        </Title>
      )}
      {(searchable || filterOptions) && (
        <Box
          component="form"
          role="search"
          onSubmit={onSearch}
          style={{
            display: 'flex',
            gap: 8,
            flexWrap: 'wrap',
            flex: '1 1 320px',
            justifyContent: 'flex-end',
          }}
        >
          {searchable && (
            <TextInput
              aria-label="Buscar"
              placeholder={searchPlaceholder}
              value={searchText}
              onChange={(event) => onSearchTextChange(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              style={{ flex: '1 1 200px', maxWidth: 360 }}
            />
          )}
          {filterOptions && (
            <Select
              aria-label={filterLabel}
              data={[
                { value: ALL, label: 'Todos' },
                ...filterOptions.map((o) => ({ value: o.value, label: o.text })),
              ]}
              value={filter}
              onChange={onFilterChange}
              allowDeselect={false}
              w={170}
              renderOption={({ option }) => {
                const icon = filterOptions.find((o) => o.value === option.value)?.icon;
                return (
                  <Group gap={6} wrap="nowrap">
                    {icon}
                    <span>{option.label}</span>
                  </Group>
                );
              }}
            />
          )}
          {searchable && (
            <Button type="submit" variant="light">
              Buscar
            </Button>
          )}
        </Box>
      )}
      {exportCsv && (
        <ExportCsvButton
          path={exportCsv.path}
          fallbackName={exportCsv.fallbackName}
          query={{ ...exportQuery, ...exportCsv.query }}
        />
      )}
    </Group>
  );
}
