import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

export function Component() {
  return (
    <>
      <title>Clientes · PrestaYa</title>
      <UnderConstruction title="Clientes" />
    </>
  );
}
