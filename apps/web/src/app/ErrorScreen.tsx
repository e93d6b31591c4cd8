import { Button, Container, Stack, Text, Title } from '@mantine/core';

/** Last-resort error screen (e.g. a lazy chunk missing after a deploy); router-free. */
export function ErrorScreen() {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} size="h2">
          Algo salió mal
        </Title>
        <Text c="dimmed">Ocurrió un error inesperado al mostrar esta página.</Text>
        <Button mt="md" onClick={() => window.location.reload()}>
          Recargar
        </Button>
      </Stack>
    </Container>
  );
}
