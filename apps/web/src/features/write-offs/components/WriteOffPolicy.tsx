import { Button, Group, NumberInput, Paper, Text } from '@mantine/core';
import { writeOffSettings } from '@prestaya/contracts';
import { WRITE_OFF_MIN_DAYS_BOUNDS } from '@prestaya/domain';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useSaveWriteOffSettings, useWriteOffSettings } from '../api/write-off-settings.ts';

export const POLICY_LABEL = 'Días de atraso para castigar';

function PolicyForm({ saved }: { saved: number }) {
  const [value, setValue] = useState<number | string>(saved);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveWriteOffSettings();
  const changed = Number(value) !== saved;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || save.isPending) return;
    // The contract's own bounds and message, so the form and the API cannot disagree.
    const parsed = writeOffSettings.safeParse({
      minDaysPastDue: typeof value === 'number' ? value : Number.NaN,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => notify.success('Política de castigo guardada'),
      onError: (failure) => notify.apiError(failure, 'No se pudo guardar la política'),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Política de castigo">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label={POLICY_LABEL}
          description="Del pago pendiente más antiguo; 90 por omisión"
          min={WRITE_OFF_MIN_DAYS_BOUNDS.min}
          max={WRITE_OFF_MIN_DAYS_BOUNDS.max}
          allowDecimal={false}
          allowNegative={false}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          error={error}
          w={{ base: '100%', xs: 260 }}
        />
        <Button type="submit" disabled={!changed} loading={save.isPending}>
          Guardar
        </Button>
      </Group>
    </form>
  );
}

/** The write-off policy an administrator sets: from how many days past due a loan may be written off. */
export function WriteOffPolicy() {
  const settings = useWriteOffSettings();
  return (
    <Paper withBorder radius="md" p="sm">
      {settings.data ? (
        <PolicyForm key={settings.data.minDaysPastDue} saved={settings.data.minDaysPastDue} />
      ) : (
        <Text size="sm" c="dimmed">
          {settings.isError ? 'No se pudo cargar la política de castigo.' : 'Cargando la política…'}
        </Text>
      )}
    </Paper>
  );
}
