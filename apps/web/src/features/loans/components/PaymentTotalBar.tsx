import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { formatCents } from '@prestaya/contracts';

/** The total and the button; they stay in view while the installments scroll (12 of them on a phone). */
export function PaymentTotalBar({
  totalCents,
  loading,
  onSubmit,
}: {
  totalCents: number;
  loading: boolean;
  onSubmit: () => void;
}) {
  return (
    <Box
      pos="sticky"
      bottom={0}
      py="sm"
      bg="var(--mantine-color-body)"
      style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} id="payment-form-total">
            Total
          </Text>
          <Text
            fz={24}
            fw={700}
            lh={1.1}
            aria-labelledby="payment-form-total"
            data-testid="payment-form-total"
          >
            {formatCents(totalCents)}
          </Text>
        </Stack>
        <Button onClick={onSubmit} disabled={totalCents <= 0} loading={loading}>
          {totalCents > 0 ? `Registrar Pago por ${formatCents(totalCents)}` : 'Registrar Pago'}
        </Button>
      </Group>
    </Box>
  );
}
