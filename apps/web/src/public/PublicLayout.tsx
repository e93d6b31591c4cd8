import { Anchor, AppShell, Box, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { BRAND_LINK_LABEL, BrandMark } from '../app/layouts/BrandMark.tsx';
import { screenPaths } from '../lib/paths.ts';

const links = [
  { to: '/', label: 'Home', end: true },
  { to: '/consulta', label: 'Consulta', end: false },
];

function isActive(link: (typeof links)[number], pathname: string) {
  return link.end ? pathname === link.to : pathname.startsWith(link.to);
}

/**
 * Public side: header with the product name, tagline and the links Home and Consulta. The public pages
 * are separate documents (no client router), so the links are plain links.
 */
export function PublicLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <AppShell header={{ height: 68 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%" px={{ base: 'xs', sm: 'md' }}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
            <UnstyledButton component="a" href="/" aria-label={BRAND_LINK_LABEL}>
              <BrandMark />
            </UnstyledButton>
            <Group component="nav" aria-label="Principal" gap={4} wrap="nowrap">
              {links.map((link) => {
                const active = isActive(link, pathname);
                return (
                  <Button
                    key={link.to}
                    component="a"
                    href={link.to}
                    aria-current={active ? 'page' : undefined}
                    variant={active ? 'light' : 'subtle'}
                    color={active ? 'teal' : 'dark'}
                    px={{ base: 10, sm: 'md' }}
                  >
                    {link.label}
                  </Button>
                );
              })}
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Box mih="calc(100dvh - 68px - 64px)">{children}</Box>
        <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Container size="lg">
            <Group justify="space-between" gap="xs">
              {/* Prerendered at build time: a build from last year still hydrates, showing its year. */}
              <Text size="sm" c="dimmed" suppressHydrationWarning>
                © {new Date().getFullYear()} PrestaYa · Préstamos personales
              </Text>
              <Anchor href={screenPaths.login} size="sm">
                Acceso para personal
              </Anchor>
            </Group>
          </Container>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
