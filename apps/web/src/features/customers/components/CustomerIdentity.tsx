import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CURP_SEX_LABELS, type Customer } from '@prestaya/contracts';
import { formatDate } from '../../../lib/format.ts';

export const NO_CURP_FACTS = 'La CURP guardada no pasa la verificación: corríjala para ver estos datos.';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * 'Identidad': what the server read from the CURP (birth date, age on the business date, sex, state of
 * birth) and the RFC. A CURP saved before the check tells nothing, and the panel says so.
 */
export function CustomerIdentity({ customer }: { customer: Customer }) {
  const sex = customer.sex as keyof typeof CURP_SEX_LABELS | null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="customer-identity"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="customer-identity">
          Identidad
        </Title>
        {customer.birthDate === null ? (
          <Text size="sm" c="orange.8">
            {NO_CURP_FACTS}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Fact
              label="Fecha de nacimiento"
              value={formatDate(customer.birthDate)}
              testId="identity-birth-date"
            />
            <Fact label="Edad" value={`${customer.age} años`} testId="identity-age" />
            <Fact label="Sexo" value={sex ? CURP_SEX_LABELS[sex] : '—'} testId="identity-sex" />
            <Fact
              label="Lugar de nacimiento"
              value={customer.birthState ?? '—'}
              testId="identity-birth-state"
            />
          </SimpleGrid>
        )}
        <Fact label="RFC" value={customer.rfc ?? 'Sin RFC'} testId="identity-rfc" />
      </Stack>
    </Paper>
  );
}
