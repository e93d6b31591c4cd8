import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

export function Component() {
  return (
    <>
      <title>Detalle del Pago · PrestaYa</title>
      <UnderConstruction title="Detalle del Pago" />
    </>
  );
}
