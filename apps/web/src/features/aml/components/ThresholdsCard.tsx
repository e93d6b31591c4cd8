import { Button, Group, Paper, Text } from '@mantine/core';
import { type AmlSettings, amlSettings } from '@prestaya/contracts';
import { type FormEvent, useState } from 'react';
import { amountValue, MoneyInput } from '../../../components/MoneyInput.tsx';
import { notify } from '../../../lib/notify.ts';
import { useAmlSettings, useSaveAmlSettings } from '../api/relevant.ts';

function ThresholdsForm({ saved }: { saved: AmlSettings }) {
  const [single, setSingle] = useState<number | string>(saved.singleCashThreshold);
  const [monthly, setMonthly] = useState<number | string>(saved.monthlyCashThreshold);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAmlSettings();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = amlSettings.safeParse({
      singleCashThreshold: amountValue(single) ?? Number.NaN,
      monthlyCashThreshold: amountValue(monthly) ?? Number.NaN,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notify.success('Umbrales guardados'),
      onError: (failure) => notify.apiError(failure, 'No se pudieron guardar los umbrales'),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Umbrales de operaciones relevantes">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <MoneyInput
          label="Umbral por operación en efectivo"
          value={single}
          onChange={setSingle}
          error={errors.singleCashThreshold}
          w={{ base: '100%', xs: 240 }}
        />
        <MoneyInput
          label="Umbral mensual por cliente"
          value={monthly}
          onChange={setMonthly}
          error={errors.monthlyCashThreshold}
          w={{ base: '100%', xs: 240 }}
        />
        <Button type="submit" loading={save.isPending}>
          Guardar
        </Button>
      </Group>
    </form>
  );
}

/** The relevant-operation thresholds (pesos) an administrator sets; defaults in docs/compliance.md. */
export function ThresholdsCard() {
  const settings = useAmlSettings();
  return (
    <Paper withBorder radius="md" p="sm">
      {settings.data ? (
        <ThresholdsForm
          key={`${settings.data.singleCashThreshold}-${settings.data.monthlyCashThreshold}`}
          saved={settings.data}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {settings.isError ? 'No se pudieron cargar los umbrales.' : 'Cargando los umbrales…'}
        </Text>
      )}
    </Paper>
  );
}
