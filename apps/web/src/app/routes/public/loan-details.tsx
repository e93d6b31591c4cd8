import { Container } from '@mantine/core';
import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

export function Component() {
  return (
    <Container size="lg" py="xl">
      <title>Estado de Cuenta de Préstamo · PrestaYa</title>
      <UnderConstruction title="Estado de Cuenta de Préstamo" />
    </Container>
  );
}
