import { Button, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { checkPublicLookup } from '@prestaya/contracts/plain';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import type { LoanSearch } from '../api/queries.ts';
import { DigitsInput } from './DigitsInput.tsx';

/** The lookup's outcome (results, payment) is a chunk of its own: /consulta first downloads only the form. */
const loadOutcome = () => import('./LookupOutcome.tsx');
const LookupOutcome = lazy(loadOutcome);

type Search = { num: number; phone: string };
type FormErrors = { num?: string; phone?: string };

function LookupForm({
  onSearch,
  onInvalid,
  onStart,
  searching,
}: {
  onSearch: (search: Search) => void;
  /** The form refused its fields: an earlier search's outcome no longer answers what is typed. */
  onInvalid: () => void;
  /** The visitor started typing: fetch the results chunk meanwhile. */
  onStart: () => void;
  searching: boolean;
}) {
  const [errors, setErrors] = useState<FormErrors>({});
  // Uncontrolled fields, read on submit: /consulta is prerendered, and what a visitor types before the
  // scripts hydrate the form must survive hydration (DigitsInput). They have no name, so a submit
  // before the scripts load does not put the phone number in the address.
  const numField = useRef<HTMLInputElement>(null);
  const phoneField = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const num = numField.current?.value ?? '';
    const phone = phoneField.current?.value ?? '';
    const next: FormErrors = checkPublicLookup({ num, phone });
    setErrors(next);
    if (next.num || next.phone) {
      onInvalid();
      return;
    }
    onSearch({ num: Number(num.trim()), phone: phone.trim() });
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="form"
      onSubmit={submit}
      onFocusCapture={onStart}
      noValidate
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DigitsInput label="Número de préstamo" ref={numField} error={errors.num} maxLength={10} />
          <DigitsInput
            label="Teléfono (10 dígitos)"
            autoComplete="tel-national"
            phone
            ref={phoneField}
            error={errors.phone}
            maxLength={10}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />} loading={searching}>
            Buscar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** PaymentView (/consulta): look up a loan by number and phone, tick installments, register a payment. */
export function PaymentView() {
  const [search, setSearch] = useState<LoanSearch | null>(null);
  const [searching, setSearching] = useState(false);

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Consulta de Préstamo
          </Title>
          <Text c="dimmed">
            Escribe tu número de préstamo y el teléfono registrado para ver tus pagos pendientes.
          </Text>
        </Stack>

        <LookupForm
          searching={searching}
          onStart={() => void loadOutcome()}
          onInvalid={() => setSearch(null)}
          // Every submit is a new lookup (same data again = look again).
          onSearch={(next) => setSearch((previous) => ({ ...next, attempt: (previous?.attempt ?? 0) + 1 }))}
        />

        {search && (
          <Suspense
            fallback={
              <Group justify="center">
                <Loader aria-label="Buscando préstamo" />
              </Group>
            }
          >
            <LookupOutcome search={search} onSearchingChange={setSearching} />
          </Suspense>
        )}
      </Stack>
    </Container>
  );
}
