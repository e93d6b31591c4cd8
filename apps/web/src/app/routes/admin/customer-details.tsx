import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

export function Component() {
  return (
    <>
      <title>Detalle del Cliente · PrestaYa</title>
      <UnderConstruction title="Detalle del Cliente" />
    </>
  );
}
