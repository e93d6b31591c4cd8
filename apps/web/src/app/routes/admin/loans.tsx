import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

export function Component() {
  return (
    <>
      <title>Lista Global de Préstamos · PrestaYa</title>
      <UnderConstruction title="Lista Global de Préstamos" />
    </>
  );
}
