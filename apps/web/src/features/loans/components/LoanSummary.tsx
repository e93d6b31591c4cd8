import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Loan } from '@prestaya/contracts';
import { formatPaymentReference } from '@prestaya/domain';
import type { ReactNode } from 'react';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { RestructuredMark } from '../../../components/RestructuredMark.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { customerName, LOAN_STATUS_BADGES } from '../labels.ts';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export interface LoanSummaryProps {
  loan: Loan;
  /** Extra rows (e.g. the account of a delivery). */
  children?: ReactNode;
  /** Show the schedule figures (installment, total). */
  withTotals?: boolean;
}

/** A read-only summary of a loan at the top of its dialogs, as the server reports it. */
export function LoanSummary({ loan, children, withTotals = true }: LoanSummaryProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="var(--mantine-color-gray-light)"
      aria-label="Resumen del préstamo"
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600}>Préstamo No. {loan.num}</Text>
        <Group gap={4} wrap="nowrap">
          <RestructuredMark count={loan.restructureCount} />
          <StatusBadge value={loan.status} labels={LOAN_STATUS_BADGES} />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="xs">
        <Item label="Cliente">{customerName(loan.customer)}</Item>
        <Item label="Referencia de pago">{formatPaymentReference(loan.num)}</Item>
        <Item label="Monto">
          <MoneyText value={loan.amount} />
        </Item>
        <Item label="Fecha de solicitud">{formatDate(loan.requestDate)}</Item>
        {loan.product && <Item label="Producto">{loan.product.name}</Item>}
        {withTotals && (
          <>
            <Item label="Pago semanal">
              <MoneyText value={loan.installmentAmount} />
            </Item>
            <Item label="Total a pagar">
              <MoneyText value={loan.totalToRepay} />
            </Item>
            <Item label="Plazo">{loan.term} semanas</Item>
          </>
        )}
        {children}
      </SimpleGrid>
    </Paper>
  );
}

export { Item as SummaryItem };
