import { type ComboboxItem, type ComboboxParsedItem, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { STAFF_PICKER_SIZE } from '@prestaya/contracts';
import { keepPreviousData, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { foldText } from '../lib/format.ts';

/**
 * A feature's server search of staff (its own api/ file): the query options of one page of people
 * matching `term`, at most STAFF_PICKER_SIZE of them; '' asks for the first page by name.
 */
export type StaffSearch<T> = (term: string) => UseQueryOptions<T[]>;

/** How long typing pauses before the server is asked: one request per word, not per key. */
export const STAFF_SEARCH_DEBOUNCE_MS = 300;

/** The texts every agent picker shows (Cobranza, Corte de caja, the customer form). */
export const AGENT_PICKER_TEXTS = {
  label: 'Agente',
  placeholder: 'Seleccione un agente',
  loadingPlaceholder: 'Cargando agentes…',
  loadError: 'No se pudo cargar la lista de agentes',
};

const MORE_HINT = '__staff-more__';
const NO_EXTRA_OPTIONS: ComboboxItem[] = [];
const NO_RESULTS: never[] = [];

export interface StaffSelectProps<T extends { id: string }>
  extends Omit<
    SelectProps,
    | 'data'
    | 'value'
    | 'onChange'
    | 'searchable'
    | 'filter'
    | 'searchValue'
    | 'onSearchChange'
    | 'nothingFoundMessage'
  > {
  search: StaffSearch<T>;
  optionLabel: (item: T) => string;
  /** The chosen person's id; null (or absent) for none. */
  value?: string | null | undefined;
  onChange: (value: string | null) => void;
  /**
   * The chosen person as the screen already knows them (the customer's agent, the corte's agent), so
   * their name shows even when they are not among the results. A choice made here is kept anyway.
   */
  selected?: ComboboxItem | null | undefined;
  /** Options offered besides the people, after them (Cobranza's 'Todos los agentes'). */
  extraOptions?: ComboboxItem[];
  /** Placeholder while the first page loads. */
  loadingPlaceholder: string;
  /** Shown as the field's error when the server could not be asked. */
  loadError: string;
  /** How many results one search brings (the server's page size); a full page offers 'Escriba para buscar más…'. */
  pageSize?: number;
}

/**
 * The one staff picker: a searchable Select whose options come from the server a page at a time, so
 * the screen's first request stays small at any staff size and typing (name, last name or user number,
 * accents ignored) reaches everyone. The server's results are shown as they come, not filtered again.
 */
export function StaffSelect<T extends { id: string }>({
  search,
  optionLabel,
  value = null,
  onChange,
  selected,
  extraOptions = NO_EXTRA_OPTIONS,
  loadingPlaceholder,
  loadError,
  pageSize = STAFF_PICKER_SIZE,
  placeholder,
  error,
  ...props
}: StaffSelectProps<T>) {
  const [typed, setTyped] = useState('');
  // The last option chosen here or seen among the results: the input keeps its name across searches.
  const [known, setKnown] = useState<ComboboxItem | null>(null);
  const chosen =
    [known, selected, ...extraOptions].find((option) => option && option.value === value) ?? null;
  // Once a person is chosen the input holds their name: that is not a search, the first page is.
  const term = chosen && typed === chosen.label ? '' : typed.trim();
  const [debounced] = useDebouncedValue(term, STAFF_SEARCH_DEBOUNCE_MS);
  const query = useQuery({ ...search(debounced), placeholderData: keepPreviousData });
  // Results for another term (typing, or the previous page kept while the next one loads) are not shown.
  const current = !query.isPlaceholderData && term === debounced;
  const results = (current ? query.data : undefined) ?? NO_RESULTS;

  const found = value === null ? undefined : results.find((item) => item.id === value);
  if (found && known?.value !== found.id) setKnown({ value: found.id, label: optionLabel(found) });

  const people = results.map((item) => ({ value: item.id, label: optionLabel(item) }));
  const fromServer = new Set(people.map((option) => option.value));
  const isExtra = (option: ComboboxItem) => extraOptions.some((extra) => extra.value === option.value);
  // The chosen person stays an option (first), so the input can show their name at any time.
  const kept = chosen && !isExtra(chosen) && !fromServer.has(chosen.value) ? [chosen] : [];
  const more =
    results.length >= pageSize
      ? [{ value: MORE_HINT, label: 'Escriba para buscar más…', disabled: true }]
      : [];
  const data = [...kept, ...people, ...more, ...extraOptions];

  // The server already filtered the people; without a search everything shows, with one the kept
  // choice hides and the extra options must match the typed text.
  const filter = ({ options }: { options: ComboboxParsedItem[] }) =>
    options.filter((option) => {
      if (!term || !('value' in option)) return true;
      if (fromServer.has(option.value) || option.value === MORE_HINT) return true;
      return isExtra(option) && foldText(option.label).includes(foldText(term));
    });

  return (
    <Select
      {...props}
      data={data}
      value={value}
      onChange={(next, option) => {
        if (next) setKnown(option);
        onChange(next);
      }}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      filter={filter}
      placeholder={query.isPending ? loadingPlaceholder : placeholder}
      nothingFoundMessage={query.isPending || !current ? 'Cargando…' : 'Sin coincidencias'}
      error={error ?? (query.isError ? loadError : undefined)}
    />
  );
}
