import { Alert, Button, Group, Paper, Skeleton, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Customer } from '@prestaya/contracts';
import { IconArrowLeft, IconCash, IconFileText, IconId, IconRefresh, IconUserOff } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BackBreadcrumbs } from '../../../components/BackBreadcrumbs.tsx';
import { EntityHistory } from '../../../components/EntityHistory.tsx';
import { OfflineBanner, OfflineEmpty } from '../../../components/OfflineNotice.tsx';
import { IconNotice } from '../../../components/QueryState.tsx';
import { isApiError } from '../../../lib/api.ts';
import { offlineCopyAt, offlineWithoutCopy, useOnline } from '../../../lib/offline-copy.ts';
import { screenPaths } from '../../../lib/paths.ts';
import { useCustomer } from '../api/get-customer.ts';
import { customerFullName } from '../labels.ts';
import { CustomerDocuments } from './CustomerDocuments.tsx';
import { CustomerForm } from './CustomerForm.tsx';
import { CustomerHeader } from './CustomerHeader.tsx';
import { CustomerIdentity } from './CustomerIdentity.tsx';
import { CustomerVisits } from './CustomerVisits.tsx';

export const NO_LOANS_TEXT = 'Este cliente aún no tiene préstamos';
export const CUSTOMER_NOT_ON_PHONE =
  'Sin conexión: este cliente no está guardado en este teléfono. Se cargará al volver la señal.';

const TAB_PX = { base: 10, xs: 'md' };
const DEFAULT_TITLE = 'Detalle del Cliente · PrestaYa';
const TABS = ['prestamos', 'datos', 'documentos'] as const;
type TabValue = (typeof TABS)[number];

function EmptyPanel({
  icon: Icon,
  children,
}: {
  icon: ComponentType<{ size?: number }>;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="xl">
      <IconNotice large icon={<Icon size={28} />}>
        <Text c="dimmed" ta="center" maw={420}>
          {children}
        </Text>
      </IconNotice>
    </Paper>
  );
}

function BackToCustomers({ current }: { current?: string }) {
  return (
    <BackBreadcrumbs
      back={{ to: screenPaths.customers, label: 'Clientes' }}
      items={current ? [{ label: current }] : []}
      maw={260}
    />
  );
}

function DetailsSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Cargando cliente">
      <title>{DEFAULT_TITLE}</title>
      <Skeleton h={14} w={160} />
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between">
          <Group>
            <Skeleton circle h={56} />
            <Stack gap={8}>
              <Skeleton h={26} w={260} />
              <Skeleton h={12} w={200} />
            </Stack>
          </Group>
          <Stack gap={8} align="flex-end">
            <Skeleton h={12} w={90} />
            <Skeleton h={28} w={140} />
          </Stack>
        </Group>
      </Paper>
      <Skeleton h={36} />
      <Skeleton h={220} />
    </Stack>
  );
}

function CustomerNotFound() {
  return (
    <Stack gap="lg">
      <title>{`Cliente no encontrado · PrestaYa`}</title>
      <BackToCustomers />
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" py="lg" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
            <IconUserOff size={30} />
          </ThemeIcon>
          <Title order={1} size="h3">
            Cliente no encontrado
          </Title>
          <Text c="dimmed" maw={420}>
            El cliente no existe o no tienes acceso a él.
          </Text>
          <Button
            component={Link}
            to={screenPaths.customers}
            mt="sm"
            leftSection={<IconArrowLeft size={16} />}
          >
            Volver a Clientes
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Content of the 'Préstamos' tab, supplied by the route (a feature never imports another feature). */
export type LoansTabRenderer = (customer: Customer) => ReactNode;

function DetailsTabs({ customer, loansTab }: { customer: Customer; loansTab?: LoansTabRenderer }) {
  const [params, setParams] = useSearchParams();
  // On a phone the three tabs fit on one line only without their icons.
  const wide = useMediaQuery('(min-width: 36em)', true);
  const requested = params.get('tab');
  const tab: TabValue = TABS.includes(requested as TabValue) ? (requested as TabValue) : 'prestamos';
  const changeTab = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (!value || value === 'prestamos') next.delete('tab');
    else next.set('tab', value);
    setParams(next, { replace: true });
  };

  return (
    <Tabs value={tab} onChange={changeTab}>
      <Tabs.List>
        <Tabs.Tab value="prestamos" px={TAB_PX} leftSection={wide && <IconCash size={16} aria-hidden />}>
          Préstamos
        </Tabs.Tab>
        <Tabs.Tab value="datos" px={TAB_PX} leftSection={wide && <IconId size={16} aria-hidden />}>
          Datos Personales
        </Tabs.Tab>
        <Tabs.Tab value="documentos" px={TAB_PX} leftSection={wide && <IconFileText size={16} aria-hidden />}>
          Documentos
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="prestamos" pt="lg">
        <Stack gap="lg">
          {loansTab ? loansTab(customer) : <EmptyPanel icon={IconCash}>{NO_LOANS_TEXT}</EmptyPanel>}
          {/* The visits of every loan; loaded only when the tab is open. */}
          {tab === 'prestamos' && <CustomerVisits customerId={customer.id} />}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="datos" pt="lg">
        <Stack gap="lg">
          <CustomerIdentity customer={customer} />
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <CustomerForm key={customer.id} customer={customer} headingOrder={2} />
          </Paper>
          {/* The customer's and its addresses' changes; loaded only when the tab is open. */}
          {tab === 'datos' && <EntityHistory entity="customer" entityId={customer.id} />}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="documentos" pt="lg">
        {/* Loaded only when the tab is open. */}
        {tab === 'documentos' && <CustomerDocuments customerId={customer.id} />}
      </Tabs.Panel>
    </Tabs>
  );
}

/** /admin/customers/:id (docs/product.md §2 "CustomerDetails"): header and the tabs Préstamos, Datos Personales, Documentos. */
export function CustomerDetails({
  customerId,
  loansTab,
}: {
  customerId: string;
  /** Renders the 'Préstamos' tab; without it the tab shows its empty state. */
  loansTab?: LoansTabRenderer;
}) {
  const query = useCustomer(customerId);
  // Without signal: the phone's copy of the customer, or a plain word that it has none.
  const online = useOnline();
  const savedAt = offlineCopyAt(query, online);

  if (offlineWithoutCopy(query, online)) {
    return (
      <Stack gap="lg">
        <title>{DEFAULT_TITLE}</title>
        <BackToCustomers />
        <OfflineEmpty>{CUSTOMER_NOT_ON_PHONE}</OfflineEmpty>
      </Stack>
    );
  }
  if (query.isPending) return <DetailsSkeleton />;
  if ((query.isError && savedAt === undefined) || query.data === undefined) {
    // 404: missing or another agent's customer; 400: not even a valid id.
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) {
      return <CustomerNotFound />;
    }
    return (
      <Stack gap="lg">
        <title>{DEFAULT_TITLE}</title>
        <BackToCustomers />
        <Alert color="red" variant="light" role="alert" title="No se pudo cargar el cliente">
          <Group gap="sm">
            <Text size="sm">{isApiError(query.error) ? query.error.detail : 'Intente de nuevo.'}</Text>
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void query.refetch()}
            >
              Reintentar
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  }

  const customer = query.data;
  return (
    <Stack gap="lg">
      <title>{`${customerFullName(customer)} · PrestaYa`}</title>
      <BackToCustomers current={customerFullName(customer)} />
      <OfflineBanner savedAt={savedAt} />
      <CustomerHeader customer={customer} />
      <DetailsTabs customer={customer} loansTab={loansTab} />
    </Stack>
  );
}
