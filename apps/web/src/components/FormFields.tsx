import { SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a field needs of a Mantine form: its value, change, blur and error for one path. */
export interface BoundForm {
  getInputProps: (path: string) => object;
}

/**
 * A text field bound to `form` at `name`. Back-office records are not the typist's own details, so
 * the browser's autofill is off unless `autoComplete` says otherwise.
 */
export function TextField({
  form,
  name,
  ...input
}: Omit<TextInputProps, 'form' | 'name'> & { form: BoundForm; name: string }) {
  return <TextInput autoComplete="off" {...input} {...form.getInputProps(name)} />;
}

/** A row of fields in a dialog form: side by side from `sm` up, stacked on a phone. */
export function FieldRow({ cols = 2, children }: { cols?: 2 | 3; children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }} spacing="sm">
      {children}
    </SimpleGrid>
  );
}
