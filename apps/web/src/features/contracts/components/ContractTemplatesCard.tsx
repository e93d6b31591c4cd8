import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  CONTRACT_PLACEHOLDERS,
  CONTRACT_TEMPLATE_LABELS,
  type ContractTemplate,
  type ContractTemplateKind,
  contractTemplateInput,
  MAX_CONTRACT_TEMPLATE_LENGTH,
} from '@prestaya/contracts';
import { useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import {
  useContractTemplates,
  useRestoreContractTemplate,
  useSaveContractTemplate,
} from '../api/contract-templates.ts';

export const RESTORE_LABEL = 'Restaurar texto predeterminado';

function TemplateEditor({ template }: { template: ContractTemplate }) {
  const [body, setBody] = useState(template.body);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveContractTemplate();
  const restore = useRestoreContractTemplate();
  const changed = body !== template.body;
  const label = CONTRACT_TEMPLATE_LABELS[template.kind];

  const submit = () => {
    // The contract's own checks (length, characters, placeholders), so the form and the API agree.
    const parsed = contractTemplateInput.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    save.mutate(
      { kind: template.kind, body: parsed.data.body },
      {
        onSuccess: (saved) => {
          setBody(saved.body);
          notify.success(`Texto del ${label.toLowerCase()} guardado`);
        },
        onError: (failure) => setError(isApiError(failure) ? failure.detail : 'No se pudo guardar el texto'),
      },
    );
  };

  const reset = () =>
    restore.mutate(template.kind, {
      onSuccess: () => notify.success('Texto predeterminado restaurado'),
      onError: (failure) => notify.apiError(failure, 'No se pudo restaurar el texto'),
    });

  return (
    <Stack gap="xs">
      <Textarea
        label={`Texto del ${label.toLowerCase()}`}
        description={template.isDefault ? 'Texto predeterminado del sistema' : 'Texto editado'}
        rows={14}
        resize="vertical"
        maxLength={MAX_CONTRACT_TEMPLATE_LENGTH}
        value={body}
        error={error}
        onChange={(event) => {
          setBody(event.currentTarget.value);
          setError(null);
        }}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="subtle" disabled={template.isDefault} loading={restore.isPending} onClick={reset}>
          {RESTORE_LABEL}
        </Button>
        <Button variant="default" disabled={!changed} onClick={() => setBody(template.body)}>
          Volver al texto guardado
        </Button>
        <Button disabled={!changed} loading={save.isPending} onClick={submit}>
          Usar este texto
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * 'Textos del contrato' card of 'Configuración' (administrators): the contract's and the promissory
 * note's text, with the placeholders the documents fill, and the way back to the project's default.
 */
export function ContractTemplatesCard() {
  const templates = useContractTemplates();
  const [kind, setKind] = useState<ContractTemplateKind>('CONTRACT');
  const current = templates.data?.find((template) => template.kind === kind);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      aria-label="Textos del contrato"
      component="section"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          Textos del contrato
        </Title>
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as ContractTemplateKind)}
          data={Object.entries(CONTRACT_TEMPLATE_LABELS).map(([value, label]) => ({ value, label }))}
        />
        {current ? (
          <TemplateEditor key={`${current.kind}:${current.updatedOn ?? 'default'}`} template={current} />
        ) : (
          <Text size="sm" c="dimmed">
            {templates.isError ? 'No se pudieron cargar los textos.' : 'Cargando los textos…'}
          </Text>
        )}
        <Alert variant="light" color="gray" title="Marcadores">
          <Text size="xs">
            {Object.entries(CONTRACT_PLACEHOLDERS)
              .map(([name, meaning]) => `{{${name}}}: ${meaning}`)
              .join(' · ')}
          </Text>
          <Text size="xs" mt={4}>
            El texto predeterminado es un punto de partida: revíselo con su asesor legal antes de usarlo.
          </Text>
        </Alert>
      </Stack>
    </Paper>
  );
}
