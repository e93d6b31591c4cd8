import { Button, Group, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { type IdentitySettings, identitySettings } from '@prestaya/contracts';
import { DEFAULT_PROOF_OF_ADDRESS_MAX_MONTHS, PROOF_OF_ADDRESS_MAX_MONTHS_BOUNDS } from '@prestaya/domain';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useIdentitySettings, useSaveIdentitySettings } from '../api/identity-settings.ts';

export const REQUIRE_EXPEDIENTE_LABEL = 'Exigir expediente completo para aprobar';
export const PROOF_MONTHS_LABEL = 'Antigüedad máxima del comprobante de domicilio (meses)';

function IdentityForm({ saved }: { saved: IdentitySettings }) {
  const [required, setRequired] = useState(saved.requireCompleteExpediente);
  const [months, setMonths] = useState<number | string>(saved.proofOfAddressMaxMonths);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveIdentitySettings();
  const changed =
    required !== saved.requireCompleteExpediente || Number(months) !== saved.proofOfAddressMaxMonths;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || save.isPending) return;
    // The contract's own bounds and message, so the form and the API cannot disagree.
    const parsed = identitySettings.safeParse({
      requireCompleteExpediente: required,
      proofOfAddressMaxMonths: typeof months === 'number' ? months : Number.NaN,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => notify.success('Política de identidad guardada'),
      onError: (failure) => notify.apiError(failure, 'No se pudo guardar la política de identidad'),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Expediente del cliente">
      <Stack gap="sm">
        <Switch
          label={REQUIRE_EXPEDIENTE_LABEL}
          description="Aprobar un préstamo pide INE (frente y reverso) y un comprobante de domicilio vigente"
          checked={required}
          onChange={(event) => setRequired(event.currentTarget.checked)}
        />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label={PROOF_MONTHS_LABEL}
            description={`${DEFAULT_PROOF_OF_ADDRESS_MAX_MONTHS} por omisión`}
            min={PROOF_OF_ADDRESS_MAX_MONTHS_BOUNDS.min}
            max={PROOF_OF_ADDRESS_MAX_MONTHS_BOUNDS.max}
            allowDecimal={false}
            allowNegative={false}
            value={months}
            onChange={(next) => {
              setMonths(next);
              setError(null);
            }}
            error={error}
            w={{ base: '100%', xs: 340 }}
          />
          <Button type="submit" disabled={!changed} loading={save.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Expediente del cliente' on Configuración (administrators): the identity policy. */
export function IdentitySettingsCard() {
  const settings = useIdentitySettings();
  const saved = settings.data;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      maw={720}
      component="section"
      aria-labelledby="identity-settings-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="identity-settings-title">
          Expediente del cliente
        </Title>
        {saved ? (
          <IdentityForm key={JSON.stringify(saved)} saved={saved} />
        ) : (
          <Text size="sm" c="dimmed">
            {settings.isError ? 'No se pudo cargar la política de identidad.' : 'Cargando la política…'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
