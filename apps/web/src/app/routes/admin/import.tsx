import { ImportScreen } from '../../../features/imports/components/ImportScreen.tsx';

export function Component() {
  return (
    <>
      <title>Importar · PrestaYa</title>
      <ImportScreen />
    </>
  );
}
