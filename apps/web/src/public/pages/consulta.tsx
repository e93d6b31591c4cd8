import { PaymentView } from '../../../features/public-loans/components/PaymentView.tsx';

export function Component() {
  return (
    <>
      <title>Consulta de Préstamo · PrestaYa</title>
      <PaymentView />
    </>
  );
}
