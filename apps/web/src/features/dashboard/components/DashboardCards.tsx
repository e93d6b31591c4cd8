import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PortfolioReport, WeeklyPaymentsReport } from '@prestaya/contracts';
import {
  IconCash,
  IconClockExclamation,
  IconFileDollar,
  IconHourglass,
  IconReceipt,
  IconReplace,
  IconScale,
  IconWallet,
} from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format.ts';
import { screenPaths } from '../../../lib/paths.ts';
import { formatCount, plural } from '../format.ts';
import { ParCard } from './ParCard.tsx';
import { type CardLink, StatCard } from './StatCard.tsx';

// The dashboard's stat cards: the period's collections and the portfolio as it stands today.

/** The lists behind the cards; admin screens, so agents get no links (docs/product.md §6). */
export const ADMIN_LINKS = {
  payments: { to: screenPaths.payments, label: 'Ver pagos' },
  loans: { to: screenPaths.loans, label: 'Ver préstamos' },
  accounts: { to: screenPaths.bankAccounts, label: 'Ver cuentas' },
} satisfies Record<string, CardLink>;
export type Links = Partial<typeof ADMIN_LINKS>;

const GRID_COLS = { base: 1, xs: 2, lg: 4 };

export function PeriodCards({ report, links }: { report: WeeklyPaymentsReport | undefined; links: Links }) {
  const loading = !report;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
      <StatCard
        title="Cobrado en el periodo"
        icon={IconCash}
        color="teal"
        loading={loading}
        value={report && formatMoney(report.totals.total)}
        hint={
          report &&
          `Cuotas ${formatMoney(report.totals.installments)} · Multas ${formatMoney(report.totals.fees)} · ${plural(report.totals.payments, 'pago', 'pagos')}`
        }
        link={links.payments}
      />
      <StatCard
        title="Pagos por validar"
        icon={IconHourglass}
        color="yellow"
        loading={loading}
        value={report && formatCount(report.validating.count)}
        hint={report && `${formatMoney(report.validating.amount)} en espera de validación (hoy)`}
        link={links.payments}
      />
      <StatCard
        title="Préstamos nuevos"
        icon={IconFileDollar}
        color="blue"
        loading={loading}
        value={report && formatCount(report.newLoans.count)}
        hint={report && `${formatMoney(report.newLoans.amount)} entregados en el periodo`}
        link={links.loans}
      />
    </SimpleGrid>
  );
}

export function PortfolioCards({
  report,
  links,
  showCash,
}: {
  report: PortfolioReport | undefined;
  links: Links;
  showCash: boolean;
}) {
  if (!report) {
    const titles = [
      'Préstamos activos',
      'Préstamos atrasados',
      'Saldo por cobrar',
      ...(showCash ? ['Efectivo en cuentas'] : []),
      'PAR 1',
      'PAR 7',
      'PAR 30',
    ];
    return (
      <SimpleGrid cols={GRID_COLS} spacing="md">
        {titles.map((title) => (
          <StatCard key={title} title={title} icon={IconScale} color="gray" loading />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={GRID_COLS} spacing="md">
      <StatCard
        title="Préstamos activos"
        icon={IconReceipt}
        color="blue"
        value={formatCount(report.loans.active)}
        hint="entregados y al corriente"
        link={links.loans}
      />
      <StatCard
        title="Préstamos atrasados"
        icon={IconClockExclamation}
        color="orange"
        value={formatCount(report.loans.delayed)}
        hint="con al menos un pago vencido"
        link={links.loans}
      />
      {report.loans.restructured > 0 && (
        // Counted apart from the active and delayed ones; still in the balance, PAR and buckets.
        <StatCard
          title="Préstamos reestructurados"
          icon={IconReplace}
          color="violet"
          value={formatCount(report.loans.restructured)}
          hint={`Saldo ${formatMoney(report.restructured.balance)}; capital ${formatMoney(report.restructured.principal)}`}
          link={links.loans}
        />
      )}
      <StatCard
        title="Saldo por cobrar"
        icon={IconScale}
        color="grape"
        value={formatMoney(report.outstandingBalance)}
        hint={`Pagos pendientes y multas; capital pendiente ${formatMoney(report.outstandingPrincipal)}`}
        link={links.loans}
      />
      {report.cash && (
        <StatCard
          title="Efectivo en cuentas"
          icon={IconWallet}
          color="teal"
          value={
            <Stack gap={2} mt={4}>
              {[
                ['Saldo', report.cash.balance],
                ['Saldo Real', report.cash.realBalance],
              ].map(([label, amount]) => (
                <Group
                  key={label}
                  justify="space-between"
                  wrap="wrap"
                  align="baseline"
                  style={{ columnGap: 8, rowGap: 0 }}
                >
                  <Text span size="sm" c="dimmed" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {label}
                  </Text>
                  <Text span fw={700} fz={18} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(amount)}
                  </Text>
                </Group>
              ))}
            </Stack>
          }
          hint="en todas las cuentas"
          link={links.accounts}
        />
      )}
      {report.par.map((par) => (
        <ParCard key={par.days} par={par} link={links.loans ?? null} />
      ))}
    </SimpleGrid>
  );
}
