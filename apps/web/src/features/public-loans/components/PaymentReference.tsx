import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';

/**
 * The loan's 'Referencia de pago' with a copy button: the borrower pastes it into the transfer's
 * concept, so the lender's reconciliation finds the payment (its check digits catch a mistyped digit).
 * A plain button and the clipboard API: a tooltip or an icon button would push the public statement
 * past its script budget (e2e/bundle-budget.spec.ts).
 */
export function PaymentReference({ reference }: { reference: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard
      ?.writeText(reference.replace('-', ''))
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Text span fw={700} data-testid="payment-reference" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {reference}
      </Text>
      <Button
        variant="light"
        size="compact-sm"
        onClick={copy}
        aria-label={copied ? 'Referencia copiada' : 'Copiar referencia de pago'}
      >
        {copied ? 'Copiada' : 'Copiar'}
      </Button>
    </Group>
  );
}
