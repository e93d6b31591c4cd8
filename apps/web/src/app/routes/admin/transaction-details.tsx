import { useParams } from 'react-router';
import { TransactionDetails } from '../../../features/bank-accounts/components/TransactionDetails.tsx';

export function Component() {
  const { accountId = '', transactionId = '' } = useParams();
  return (
    <TransactionDetails
      key={`${accountId}/${transactionId}`}
      accountId={accountId}
      transactionId={transactionId}
    />
  );
}
