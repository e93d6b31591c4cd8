import { AppShell, Avatar, Box, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ROLE_LABELS, type Role } from '@prestaya/contracts';
import {
  IconAlertOctagon,
  IconArrowsExchange,
  IconBuildingBank,
  IconCash,
  IconCashRegister,
  IconDatabaseExport,
  IconGauge,
  IconHistory,
  IconPackage,
  IconReceipt2,
  IconRoute,
  IconSettings,
  IconShieldSearch,
  IconTableImport,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { screenPaths } from '../../lib/paths.ts';
import { fullName, hasRole, initials, useSession } from '../../lib/session.ts';
import { useOfflineSender } from '../../lib/use-offline-queue.ts';
import { useQueueNotice } from '../../lib/use-queue-notice.ts';
import { useVisitSender } from '../../lib/use-visit-queue.ts';
import { Brand } from './Brand.tsx';
import { SignOutButton } from './SignOutButton.tsx';

interface NavEntry {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  role?: Role;
}

/** Sidebar (docs/product.md §2 "Layouts", §6): Dashboard, Clientes, Cobranza and Corte de caja for everyone, the rest for ROLE_ADMIN. */
export const NAV_ENTRIES: NavEntry[] = [
  { to: screenPaths.dashboard, label: 'Dashboard', icon: IconGauge },
  { to: screenPaths.customers, label: 'Clientes', icon: IconUsers },
  { to: screenPaths.collections, label: 'Cobranza', icon: IconRoute },
  { to: screenPaths.cashClose, label: 'Corte de caja', icon: IconCashRegister },
  { to: screenPaths.loans, label: 'Préstamos', icon: IconCash, role: 'ROLE_ADMIN' },
  { to: screenPaths.users, label: 'Usuarios', icon: IconUserShield, role: 'ROLE_ADMIN' },
  { to: screenPaths.payments, label: 'Pagos', icon: IconReceipt2, role: 'ROLE_ADMIN' },
  { to: screenPaths.bankAccounts, label: 'Cuentas', icon: IconBuildingBank, role: 'ROLE_ADMIN' },
  { to: screenPaths.reconciliation, label: 'Conciliación', icon: IconArrowsExchange, role: 'ROLE_ADMIN' },
  { to: screenPaths.writeOffs, label: 'Cartera castigada', icon: IconAlertOctagon, role: 'ROLE_ADMIN' },
  { to: screenPaths.products, label: 'Productos', icon: IconPackage, role: 'ROLE_ADMIN' },
  { to: screenPaths.pld, label: 'PLD', icon: IconShieldSearch, role: 'ROLE_ADMIN' },
  { to: screenPaths.imports, label: 'Importar', icon: IconTableImport, role: 'ROLE_ADMIN' },
  { to: screenPaths.audit, label: 'Auditoría', icon: IconHistory, role: 'ROLE_ADMIN' },
  { to: screenPaths.backups, label: 'Respaldos', icon: IconDatabaseExport, role: 'ROLE_ADMIN' },
  { to: screenPaths.settings, label: 'Configuración', icon: IconSettings, role: 'ROLE_ADMIN' },
];

export function AdminLayout() {
  const current = useSession();
  const [navOpened, nav] = useDisclosure(false);
  const location = useLocation();
  const queryClient = useQueryClient();
  // Payments taken without signal go out by themselves on any screen; then every screen reloads and
  // a toast says how many went through and why any was refused.
  const tellQueueResult = useQueueNotice(current?.user.id);
  useOfflineSender(current?.user.id, (tally) => {
    void queryClient.invalidateQueries();
    void tellQueueResult(tally);
  });
  // So do visits recorded without signal.
  useVisitSender(current?.user.id, () => void queryClient.invalidateQueries());

  // Session ended elsewhere (401, another tab): back to Login.
  if (!current) return <Navigate to={screenPaths.login} replace />;
  const { user } = current;

  const entries = NAV_ENTRIES.filter((entry) => !entry.role || hasRole(user, entry.role));
  const roleText = user.roles.map((r) => ROLE_LABELS[r]).join(' · ');

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? 'Cerrar menú de navegación' : 'Abrir menú de navegación'}
            />
            <Brand to={screenPaths.dashboard} withTagline={false} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Avatar color="teal" radius="xl" size="sm" title={fullName(user)}>
                {initials(user)}
              </Avatar>
              <Text fw={500} size="sm" visibleFrom="xs" data-testid="user-full-name">
                {fullName(user)}
              </Text>
            </Group>
            <SignOutButton userId={user.id} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Menú principal">
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={4}>
            {entries.map(({ to, label, icon: Icon }) => {
              const active = location.pathname === to || location.pathname.startsWith(`${to}/`);
              return (
                <NavLink
                  key={to}
                  component={Link}
                  to={to}
                  label={label}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  leftSection={<Icon size={18} aria-hidden />}
                  onClick={nav.close}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
            })}
          </Stack>
        </AppShell.Section>
        <AppShell.Section>
          <Box px="xs" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Text size="xs" c="dimmed" truncate>
              Perfil: {roleText}
            </Text>
          </Box>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** Lazy route module shape. */
export { AdminLayout as Component };
