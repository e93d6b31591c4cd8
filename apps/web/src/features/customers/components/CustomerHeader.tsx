import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Customer } from '@prestaya/contracts';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { agentName, customerFullName, LOAN_STATUS_BADGES, NO_LOAN_TEXT } from '../labels.ts';

function customerInitials(customer: Customer): string {
  return `${customer.name.charAt(0)}${customer.lastName.charAt(0)}`.toUpperCase();
}

/**
 * CustomerDetails header (docs/product.md §2): full name, current balance and the status of the customer's loan.
 * The balance and status come from the server as they are (the client never computes them).
 */
export function CustomerHeader({ customer }: { customer: Customer }) {
  const loan = customer.currentLoan;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="center" gap="md">
        <Group gap="md" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
          <Avatar color="teal" radius="xl" size="lg" visibleFrom="xs" aria-hidden>
            {customerInitials(customer)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {customerFullName(customer)}
            </Title>
            <Text size="sm" c="dimmed">
              Cliente No. {customer.num} · Tel. {customer.phone}
              {customer.agent ? ` · Agente: ${agentName(customer.agent)}` : ''}
            </Text>
          </Stack>
        </Group>
        <Stack gap={4} align="flex-end" ml="auto">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} id="customer-balance-label">
            Saldo actual
          </Text>
          <Text
            fz={28}
            fw={700}
            lh={1.1}
            aria-labelledby="customer-balance-label"
            data-testid="customer-balance"
          >
            <MoneyText value={loan?.currentBalance ?? 0} />
          </Text>
          <Group gap={6} data-testid="customer-loan-status">
            {loan ? (
              <>
                <Text size="xs" c="dimmed">
                  Préstamo No. {loan.num}
                </Text>
                <StatusBadge value={loan.status} labels={LOAN_STATUS_BADGES} />
              </>
            ) : (
              <Badge variant="light" color="gray" radius="sm" style={{ textTransform: 'none' }}>
                {NO_LOAN_TEXT}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
