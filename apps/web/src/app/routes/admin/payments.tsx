import { PaymentList } from '../../../features/payments/components/PaymentList.tsx';

export function Component() {
  return (
    <>
      <title>Pagos Recibidos · PrestaYa</title>
      <PaymentList />
    </>
  );
}
