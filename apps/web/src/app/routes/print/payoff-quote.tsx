import { useParams } from 'react-router';
import { PayoffQuotePrint } from '../../../features/loans/components/PayoffQuotePrint.tsx';

/** /admin/print/loans/:id/payoff-quote — the day's payoff quote, outside the admin shell. */
export function Component() {
  const { id = '' } = useParams();
  return <PayoffQuotePrint key={id} loanId={id} />;
}
