import { Box, Container, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { BRAND_LINK_LABEL, BrandMark } from './BrandMark.tsx';

/** Auth screens: top bar, centred card, small footer (docs/product.md §2 "Layouts"). No router: Login renders it alone. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      mih="100dvh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background:
          'linear-gradient(180deg, var(--mantine-color-teal-0) 0%, var(--mantine-color-gray-0) 60%)',
      }}
    >
      <Box
        component="header"
        bg="white"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg">
          <Group justify="space-between">
            {/* The public home is another document (public.html): a plain link, as Brand's is. */}
            <UnstyledButton component="a" href="/" aria-label={BRAND_LINK_LABEL}>
              <BrandMark withTagline />
            </UnstyledButton>
          </Group>
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1, display: 'flex', alignItems: 'center' }} py="xl" px="md">
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440} mx="auto">
          {children}
        </Paper>
      </Box>
      <Box component="footer" py="md">
        <Text size="xs" c="dimmed" ta="center">
          © {new Date().getFullYear()} PrestaYa · Préstamos personales
        </Text>
      </Box>
    </Box>
  );
}
