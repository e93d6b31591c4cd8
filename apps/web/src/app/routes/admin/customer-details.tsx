import { useParams } from 'react-router';
import { CustomerDetails } from '../../../features/customers/components/CustomerDetails.tsx';

export function Component() {
  const { id = '' } = useParams();
  return (
    // A new id starts from a clean screen (tabs, form state); the screen sets the page title.
    <CustomerDetails key={id} customerId={id} />
  );
}
