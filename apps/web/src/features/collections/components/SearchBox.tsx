import { ActionIcon, Box, CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

/** Narrows the route by customer name or loan number; Enter or the button searches, the cross clears. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (query: string) => void }) {
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Box component="form" role="search" onSubmit={submit}>
      <TextInput
        aria-label="Buscar cliente o No. de préstamo"
        placeholder="Cliente o No. de préstamo"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={
          <ActionIcon type="submit" variant="subtle" aria-label="Buscar">
            <IconSearch size={16} aria-hidden />
          </ActionIcon>
        }
        leftSectionPointerEvents="all"
        rightSection={
          text ? (
            <CloseButton
              aria-label="Limpiar búsqueda"
              onClick={() => {
                setText('');
                onSearch('');
              }}
            />
          ) : undefined
        }
      />
    </Box>
  );
}
