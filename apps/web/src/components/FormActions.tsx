import { Button, Group } from '@mantine/core';

/** A dialog form's 'Cancelar' and 'Guardar' (submit), right-aligned below the fields. */
export function FormActions({
  onCancel,
  disabled,
  loading,
}: {
  onCancel: () => void;
  /** Guardar is off while the form is invalid, unchanged or being sent. */
  disabled: boolean;
  loading?: boolean;
}) {
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" disabled={disabled} loading={loading}>
        Guardar
      </Button>
    </Group>
  );
}
