import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Friendly 404 for unknown paths. */
export function NotFound({
  homeTo = '/',
  homeLabel = 'Ir al inicio',
}: {
  homeTo?: string;
  homeLabel?: string;
}) {
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
        <Button component={Link} to={homeTo} mt="md">
          {homeLabel}
        </Button>
      </Stack>
    </Container>
  );
}
