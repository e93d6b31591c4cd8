import { useParams } from 'react-router';
import { AccountTransactions } from '../../../features/bank-accounts/components/AccountTransactions.tsx';

export function Component() {
  const { id = '' } = useParams();
  return <AccountTransactions key={id} accountId={id} />;
}
