import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

export function Component() {
  return (
    <>
      <title>Cuentas Bancarias · PrestaYa</title>
      <UnderConstruction title="Cuentas Bancarias" />
    </>
  );
}
