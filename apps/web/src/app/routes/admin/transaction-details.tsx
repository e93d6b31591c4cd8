import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

export function Component() {
  return (
    <>
      <title>Detalle de la Transacción · PrestaYa</title>
      <UnderConstruction title="Detalle de la Transacción" />
    </>
  );
}
