import { Anchor, AppShell, Box, Button, Container, Group, Text } from '@mantine/core';
import { Link, NavLink, Outlet } from 'react-router';
import { Brand } from './Brand.tsx';

const links = [
  { to: '/', label: 'Home', end: true },
  { to: '/consulta', label: 'Consulta', end: false },
];

/** Public side: header with the product name, tagline and the links Home and Consulta. */
export function PublicLayout() {
  return (
    <AppShell header={{ height: 68 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%" px={{ base: 'xs', sm: 'md' }}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
            <Brand />
            <Group component="nav" aria-label="Principal" gap={4} wrap="nowrap">
              {links.map((link) => (
                <NavLink key={link.to} to={link.to} end={link.end} style={{ textDecoration: 'none' }}>
                  {({ isActive }) => (
                    <Button
                      component="span"
                      variant={isActive ? 'light' : 'subtle'}
                      color={isActive ? 'teal' : 'dark'}
                      px={{ base: 10, sm: 'md' }}
                    >
                      {link.label}
                    </Button>
                  )}
                </NavLink>
              ))}
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Box mih="calc(100dvh - 68px - 64px)">
          <Outlet />
        </Box>
        <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Container size="lg">
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                © {new Date().getFullYear()} PrestaYa · Préstamos personales
              </Text>
              <Anchor component={Link} to="/auth/login" size="sm">
                Acceso para personal
              </Anchor>
            </Group>
          </Container>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

/** Lazy route module shape. */
export { PublicLayout as Component };
