import { useParams } from 'react-router';
import { PaymentDetails } from '../../../features/payments/components/PaymentDetails.tsx';

export function Component() {
  const { id = '' } = useParams();
  // A new id starts from a clean screen (dialogs, selected account); the screen sets the page title.
  return <PaymentDetails key={id} paymentId={id} />;
}
