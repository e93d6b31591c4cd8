import { Loader, LoadingOverlay, Stack, Text } from '@mantine/core';

/** The 'Cargando...' overlay, without router state: the public entry uses it as its Suspense fallback. */
export function LoadingIndicator() {
  return (
    <Stack align="center" gap="xs">
      <Loader />
      <Text fw={500} role="status">
        Cargando...
      </Text>
    </Stack>
  );
}

/** Full-page overlay 'Cargando...' (spec 2): while a mutation runs or a route (lazy chunk, guard) loads. */
export function FullPageLoader({ visible = true }: { visible?: boolean }) {
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={350}
      overlayProps={{ backgroundOpacity: 0.45, color: '#fff' }}
      transitionProps={{ duration: 250 }}
      loaderProps={{ children: <LoadingIndicator /> }}
    />
  );
}
