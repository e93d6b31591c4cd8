import { CashCloseScreen } from '../../../features/cash-close/components/CashCloseScreen.tsx';

export function Component() {
  return (
    <>
      <title>Corte de caja · PrestaYa</title>
      <CashCloseScreen />
    </>
  );
}
