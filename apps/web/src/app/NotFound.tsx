import { Button, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Friendly 404 for unknown paths. Router-free (the public entry has no router): the default action is a
 * plain link to the home page; the back office passes its own router link.
 */
export function NotFound({ action }: { action?: ReactNode }) {
  return (
    <Container size="sm" py={64}>
      <title>Página no encontrada · PrestaYa</title>
      <Stack align="center" gap="sm" ta="center">
        <Text fz={72} fw={800} c="teal.9" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          Página no encontrada
        </Title>
        <Text c="dimmed">La dirección que buscas no existe o fue movida.</Text>
        {action ?? (
          <Button component="a" href="/" mt="md">
            Ir al inicio
          </Button>
        )}
      </Stack>
    </Container>
  );
}
