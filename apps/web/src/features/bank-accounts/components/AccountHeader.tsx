import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { BankAccount } from '@prestaya/contracts';
import type { ReactNode } from 'react';
import { BackBreadcrumbs, type Crumb } from '../../../components/BackBreadcrumbs.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { screenPaths } from '../../../lib/paths.ts';

/** Where a failed account screen sends the user back to. */
export const BACK_TO_ACCOUNTS = { to: screenPaths.bankAccounts, label: 'Volver a Cuentas Bancarias' };

/** 'Cuentas Bancarias › …' trail; the first link goes back to the list. */
export function AccountBreadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <BackBreadcrumbs back={{ to: screenPaths.bankAccounts, label: 'Cuentas Bancarias' }} items={items} />
  );
}

function Amount({ label, value, id }: { label: string; value: number; id: string }) {
  return (
    <Stack gap={2} align="flex-end">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} id={id}>
        {label}
      </Text>
      <Text fz={{ base: 20, sm: 26 }} fw={700} lh={1.1} aria-labelledby={id} data-testid={id}>
        <MoneyText value={value} />
      </Text>
    </Stack>
  );
}

/** Account name, bank and holder, with its Saldo and Saldo Real. */
export function AccountHeader({ account, title }: { account: BankAccount; title?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title ?? account.name}
          </Title>
          <Text size="sm" c="dimmed">
            {account.bankName} · Titular: {account.customerName}
          </Text>
        </Stack>
        <Group gap="xl" ml="auto" wrap="nowrap">
          <Amount label="Saldo" value={account.balance} id="account-balance" />
          <Amount label="Saldo Real" value={account.realBalance} id="account-real-balance" />
        </Group>
      </Group>
    </Paper>
  );
}

export function HeaderSkeleton() {
  return (
    <Paper withBorder radius="md" p="lg" aria-busy="true" aria-label="Cargando cuenta">
      <Group justify="space-between">
        <Stack gap={8}>
          <Skeleton h={26} w={240} />
          <Skeleton h={12} w={180} />
        </Stack>
        <Group gap="xl">
          <Skeleton h={40} w={120} />
          <Skeleton h={40} w={120} />
        </Group>
      </Group>
    </Paper>
  );
}
