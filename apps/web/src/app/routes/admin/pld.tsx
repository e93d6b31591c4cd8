import { AmlScreen } from '../../../features/aml/components/AmlScreen.tsx';

export function Component() {
  return (
    <>
      <title>PLD · PrestaYa</title>
      <AmlScreen />
    </>
  );
}
