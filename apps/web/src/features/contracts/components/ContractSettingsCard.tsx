import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notify } from '../../../lib/notify.ts';
import { useContractSettings, useSaveContractSettings } from '../api/contract-settings.ts';

export const REQUIRE_SIGNED_LABEL = 'Exigir contrato firmado para entregar';

/**
 * 'Contratos' card of 'Configuración' (administrators): whether delivering a loan needs its signed
 * contract uploaded first. Off by default; saved (and audited) as soon as it is switched.
 */
export function ContractSettingsCard() {
  const settings = useContractSettings();
  const save = useSaveContractSettings();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} aria-label="Contratos" component="section">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Contratos
        </Title>
        {settings.data ? (
          <Switch
            label={REQUIRE_SIGNED_LABEL}
            description="Un préstamo se entrega solo si ya se subió su contrato firmado (documento «Contrato firmado»)."
            checked={settings.data.requireSignedContract}
            disabled={save.isPending}
            onChange={(event) =>
              save.mutate(
                { requireSignedContract: event.currentTarget.checked },
                {
                  onSuccess: () => notify.success('Política de contratos guardada'),
                  onError: (failure) => notify.apiError(failure, 'No se pudo guardar la política'),
                },
              )
            }
          />
        ) : (
          <Text size="sm" c="dimmed">
            {settings.isError ? 'No se pudo cargar la política de contratos.' : 'Cargando la política…'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
