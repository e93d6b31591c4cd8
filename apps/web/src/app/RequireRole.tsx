import { Button, Paper, Text, Title } from '@mantine/core';
import type { Role } from '@prestaya/contracts';
import { IconLock } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { IconNotice } from '../components/QueryState.tsx';
import { screenPaths } from '../lib/paths.ts';
import { hasRole, useSession } from '../lib/session.ts';

/** Screens behind admin-only sidebar entries; the server enforces the same rule. */
export function RequireRole({ requiredRole }: { requiredRole: Role }) {
  const current = useSession();
  if (hasRole(current?.user, requiredRole)) return <Outlet />;
  return (
    <Paper withBorder radius="md" p="xl">
      <IconNotice large color="red" icon={<IconLock size={30} />}>
        <Title order={1} size="h3">
          Acceso restringido
        </Title>
        <Text c="dimmed" ta="center">
          Esta sección es solo para administradores.
        </Text>
        <Button component={Link} to={screenPaths.dashboard} variant="light" mt="sm">
          Ir al Dashboard
        </Button>
      </IconNotice>
    </Paper>
  );
}
