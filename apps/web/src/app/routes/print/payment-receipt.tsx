import { useParams } from 'react-router';
import { PaymentReceipt } from '../../../features/payments/components/PaymentReceipt.tsx';

/** /admin/print/payments/:id — outside the admin shell, behind the session (agents: their payments). */
export function Component() {
  const { id = '' } = useParams();
  return <PaymentReceipt key={id} paymentId={id} />;
}
