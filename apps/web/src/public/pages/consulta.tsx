import { PaymentView } from '../../features/public-loans/components/PaymentView.tsx';

export default function Page() {
  return (
    <>
      <title>Consulta de Préstamo · PrestaYa</title>
      <PaymentView />
    </>
  );
}
