import { Container } from '@mantine/core';
import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

export function Component() {
  return (
    <Container size="lg" py="xl">
      <title>Consulta de Préstamo · PrestaYa</title>
      <UnderConstruction title="Consulta de Préstamo" />
    </Container>
  );
}
