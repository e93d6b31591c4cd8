import { Button, Group, NumberInput, Paper, Stack, Textarea } from '@mantine/core';
import { amlCaseOpen } from '@prestaya/contracts';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useOpenCase } from '../api/cases.ts';

/** 'Abrir caso' on a customer by number (a payment's case opens from 'Operaciones relevantes'). */
export function CaseOpenForm() {
  const [customerNum, setCustomerNum] = useState<number | string>('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = useOpenCase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (open.isPending) return;
    const parsed = amlCaseOpen.safeParse({
      customerNum: typeof customerNum === 'number' ? customerNum : undefined,
      description,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    open.mutate(parsed.data, {
      onSuccess: () => {
        notify.success('Caso abierto');
        setCustomerNum('');
        setDescription('');
      },
      onError: (error) => {
        notify.apiError(error, 'No se pudo abrir el caso');
        if (isApiError(error)) {
          setErrors(Object.fromEntries(error.errors.map((issue) => [issue.field, issue.message])));
        }
      },
    });
  };
  return (
    <Paper withBorder radius="md" p="sm">
      <form onSubmit={submit} noValidate aria-label="Abrir caso de operación inusual">
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <NumberInput
              label="Número de cliente"
              required
              withAsterisk
              allowDecimal={false}
              allowNegative={false}
              value={customerNum}
              onChange={setCustomerNum}
              error={errors.customerNum}
              w={{ base: '100%', xs: 180 }}
            />
            <Textarea
              label="Descripción"
              required
              withAsterisk
              rows={2}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              error={errors.description}
              style={{ flex: 1, minWidth: 220 }}
            />
          </Group>
          <Group>
            <Button type="submit" loading={open.isPending}>
              Abrir caso
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
