import type { Customer } from '@prestaya/contracts';
import { useParams } from 'react-router';
import { CustomerDetails } from '../../../features/customers/components/CustomerDetails.tsx';
import { CustomerLoans } from '../../../features/loans/components/CustomerLoans.tsx';

// The route composes the two features: CustomerDetails hosts the loans feature's 'Préstamos' tab.
const loansTab = (customer: Customer) => <CustomerLoans key={customer.id} customerId={customer.id} />;

export function Component() {
  const { id = '' } = useParams();
  return (
    // A new id starts from a clean screen (tabs, form state); the screen sets the page title.
    <CustomerDetails key={id} customerId={id} loansTab={loansTab} />
  );
}
