import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

export function Component() {
  return (
    <>
      <title>Transacciones de la Cuenta · PrestaYa</title>
      <UnderConstruction title="Transacciones de la Cuenta" />
    </>
  );
}
