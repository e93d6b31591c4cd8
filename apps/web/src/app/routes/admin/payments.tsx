import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

export function Component() {
  return (
    <>
      <title>Pagos Recibidos · PrestaYa</title>
      <UnderConstruction title="Pagos Recibidos" />
    </>
  );
}
