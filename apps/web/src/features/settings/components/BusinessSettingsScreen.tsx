import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  BUSINESS_SETTING_KEYS,
  type BusinessSettings,
  type BusinessSettingsInput,
  businessSettingsInput,
} from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { FieldRow, TextField } from '../../../components/FormFields.tsx';
import { CenteredLoader, RetryAlert } from '../../../components/QueryState.tsx';
import { useUnsavedChanges } from '../../../components/UnsavedChanges.tsx';
import { businessSettingsQuery } from '../../../lib/business-settings.ts';
import { saveCallbacks, schemaCheck, textFieldsOf, useCheckedForm } from '../../../lib/form.ts';
import { useUpdateBusinessSettings } from '../api/update-business-settings.ts';

export const SETTINGS_TITLE = 'Configuración';

/** The contract documents' data, on the same form: kept out of the reply and the body until set. */
const CONTRACT_KEYS = ['legalName', 'recaNumber'] as const;
const FORM_KEYS = [...BUSINESS_SETTING_KEYS, ...CONTRACT_KEYS] as const;

type Values = Record<(typeof FORM_KEYS)[number], string>;

const check = schemaCheck<Values>(businessSettingsInput, (values) => values);

/** The body to send: a contract field left blank is left out, which the server stores as not set. */
function bodyOf(values: Values): BusinessSettingsInput {
  const parsed: Record<string, unknown> = businessSettingsInput.parse(values satisfies BusinessSettingsInput);
  for (const key of CONTRACT_KEYS) if (parsed[key] === null) delete parsed[key];
  return parsed as BusinessSettingsInput;
}

function SettingsForm({ saved }: { saved: BusinessSettings }) {
  const initial = textFieldsOf(saved, FORM_KEYS);
  const update = useUpdateBusinessSettings();
  const { form, valid } = useCheckedForm<Values>(initial, check);
  const changed = JSON.stringify(form.values) !== JSON.stringify(initial);
  const unsaved = useUnsavedChanges(changed && !update.isPending);

  const submit = form.onSubmit((values) => {
    if (!valid || !changed || update.isPending) return;
    update.mutate(
      bodyOf(values),
      saveCallbacks(form, {
        saved: 'Datos del negocio guardados',
        failed: 'No se pudieron guardar los datos',
        onSaved: (reply: BusinessSettings) => {
          unsaved.release();
          form.setValues(textFieldsOf(reply, FORM_KEYS));
        },
      }),
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Datos del negocio">
      <Stack gap="sm">
        <TextField form={form} name="name" label="Nombre del negocio" maxLength={80} />
        <FieldRow>
          <TextField
            form={form}
            name="phone"
            label="Teléfono"
            description="10 dígitos"
            inputMode="tel"
            maxLength={10}
          />
          <TextField
            form={form}
            name="whatsapp"
            label="WhatsApp"
            description="10 dígitos"
            inputMode="tel"
            maxLength={10}
          />
        </FieldRow>
        <TextField form={form} name="address" label="Domicilio" maxLength={200} />
        <TextField
          form={form}
          name="hours"
          label="Horario de atención"
          placeholder="Lunes a sábado, 9:00 a 18:00 h"
          maxLength={120}
        />
        <TextField
          form={form}
          name="complaintsContact"
          label="Contacto para quejas y aclaraciones"
          description="Teléfono, correo o domicilio donde se atienden"
          maxLength={200}
        />
        <FieldRow>
          <TextField
            form={form}
            name="legalName"
            label="Razón social"
            description="Como aparece en el contrato y el pagaré"
            maxLength={120}
          />
          <TextField
            form={form}
            name="recaNumber"
            label="Número de registro RECA"
            description="Registro del contrato ante la CONDUSEF"
            maxLength={60}
          />
        </FieldRow>
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            disabled={!changed || update.isPending}
            onClick={() => form.setValues(initial)}
          >
            Descartar cambios
          </Button>
          <Button type="submit" disabled={!valid || !changed} loading={update.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
      {unsaved.prompt}
    </form>
  );
}

/**
 * /admin/settings (administrators): the business's own data borrowers see on the landing, the public
 * statement, receipts and WhatsApp messages. A field left empty is not shown anywhere.
 */
export function BusinessSettingsScreen() {
  const query = useQuery({ ...businessSettingsQuery(), staleTime: 0 });
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {SETTINGS_TITLE}
        </Title>
        <Text size="sm" c="dimmed">
          Los datos del negocio que ven sus clientes en la página de inicio, el estado de cuenta, los recibos
          y los mensajes de WhatsApp. Lo que deje vacío no se muestra.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {query.isPending ? (
          <CenteredLoader label="Cargando datos del negocio" />
        ) : query.isError || !query.data ? (
          <RetryAlert
            text="No se pudieron cargar los datos del negocio"
            onRetry={() => void query.refetch()}
          />
        ) : (
          <SettingsForm saved={query.data} />
        )}
      </Paper>
    </Stack>
  );
}
