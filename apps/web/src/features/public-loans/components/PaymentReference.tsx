import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * The loan's 'Referencia de pago' with a copy button: the borrower pastes it into the transfer's
 * concept, so the lender's reconciliation finds the payment (its check digits catch a mistyped digit).
 */
export function PaymentReference({ reference }: { reference: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text span fw={700} data-testid="payment-reference" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {reference}
      </Text>
      <CopyButton value={reference.replace('-', '')}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copiada' : 'Copiar referencia'} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={copied ? 'Referencia copiada' : 'Copiar referencia de pago'}
              size="lg"
            >
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
