import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useExpediente } from '../api/get-expediente.ts';

export const EXPEDIENTE_COMPLETE = 'Expediente completo';
export const EXPEDIENTE_INCOMPLETE = 'Expediente incompleto';

/**
 * The customer's expediente as the server judges it on the business date: a green 'Expediente
 * completo', or an orange 'Expediente incompleto' with what is missing written out beside it (not
 * only in a tooltip: a phone has no hover).
 */
export function ExpedienteBadge({
  customerId,
  withMissing = true,
}: {
  customerId: string;
  withMissing?: boolean;
}) {
  const query = useExpediente(customerId);
  if (!query.data) return null;
  const { complete, missing } = query.data;
  const missingText = missing.map((gap) => gap.label).join(', ');
  return (
    <Group gap={6} wrap="wrap" data-testid="expediente" aria-live="polite">
      <Tooltip label={complete ? 'INE y comprobante de domicilio vigentes' : `Falta: ${missingText}`}>
        <Badge
          variant="light"
          color={complete ? 'teal' : 'orange'}
          radius="sm"
          style={{ textTransform: 'none' }}
          leftSection={
            complete ? <IconCircleCheck size={14} aria-hidden /> : <IconAlertTriangle size={14} aria-hidden />
          }
        >
          {complete ? EXPEDIENTE_COMPLETE : EXPEDIENTE_INCOMPLETE}
        </Badge>
      </Tooltip>
      {!complete && withMissing && (
        <Text size="xs" c="dimmed">
          Falta: {missingText}
        </Text>
      )}
    </Group>
  );
}
