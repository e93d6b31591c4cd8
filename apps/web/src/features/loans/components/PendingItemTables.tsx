import { Box, Checkbox, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { type PendingPayments, SCHEDULED_PAYMENT_STATUS_LABELS } from '@prestaya/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { FEE_STATUS_BADGES, FEES_ALWAYS_INCLUDED } from '../payment-labels.ts';

interface ItemCellsProps {
  concept: ReactNode;
  /** 'YYYY-MM-DD': its own column, or under the concept on a phone. */
  date: string;
  datePrefix?: string;
  status: ReactNode;
  amount: number;
}

/** The cells an installment and a fee share: concept, date, status, amount. */
function ItemCells({ concept, date, datePrefix = '', status, amount }: ItemCellsProps) {
  return (
    <>
      <Table.Td>
        {concept}
        <Text size="xs" c="dimmed" hiddenFrom="xs">
          {datePrefix}
          {formatDate(date)}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="xs">{formatDate(date)}</Table.Td>
      <Table.Td>{status}</Table.Td>
      <Table.Td ta="right">
        <MoneyText value={amount} />
      </Table.Td>
    </>
  );
}

/** The pending installments, oldest first, each with its box: the first `ticked` ones are ticked. */
export function PendingInstallmentsTable({
  installments,
  ticked,
  onToggle,
  disabled,
}: {
  installments: PendingPayments['scheduledPayments'];
  ticked: number;
  onToggle: (index: number, checked: boolean) => void;
  disabled: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Pagos pendientes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>Pagar</VisuallyHidden>
            </Table.Th>
            <Table.Th>Concepto</Table.Th>
            <Table.Th visibleFrom="xs">Vence</Table.Th>
            <Table.Th>Estatus</Table.Th>
            <Table.Th ta="right">Monto</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {installments.map((installment, index) => (
            <Table.Tr
              key={installment.id}
              bg={index < ticked ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td>
                <Checkbox
                  aria-label={installment.concept}
                  checked={index < ticked}
                  onChange={(event) => onToggle(index, event.currentTarget.checked)}
                  disabled={disabled}
                />
              </Table.Td>
              <ItemCells
                concept={
                  <Text inherit style={{ whiteSpace: 'nowrap' }}>
                    {installment.concept}
                  </Text>
                }
                date={installment.dueDate}
                datePrefix="Vence "
                status={
                  <Text size="sm" c={installment.status === 'DELAYED' ? 'red' : undefined}>
                    {SCHEDULED_PAYMENT_STATUS_LABELS[installment.status]}
                  </Text>
                }
                amount={installment.amount}
              />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The pending fees: no boxes, every payment of ticked installments includes them all. */
export function PendingFeesPanel({ fees }: { fees: PendingPayments['fees'] }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group gap={6}>
          <IconInfoCircle size={16} aria-hidden />
          <Text size="sm" fw={500}>
            {FEES_ALWAYS_INCLUDED}
          </Text>
        </Group>
        <Table verticalSpacing={4} aria-label="Multas pendientes">
          <Table.Tbody>
            {fees.map((fee) => (
              <Table.Tr key={fee.id}>
                <ItemCells
                  concept={fee.concept}
                  date={fee.feeDate}
                  status={
                    <Box miw="max-content">
                      <StatusBadge value={fee.status} labels={FEE_STATUS_BADGES} />
                    </Box>
                  }
                  amount={fee.amount}
                />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
