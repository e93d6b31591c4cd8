import { useParams } from 'react-router';
import { LoanStatement } from '../../../features/loans/components/LoanStatement.tsx';

/** /admin/print/loans/:id — outside the admin shell, behind the session (an agent: their customers' loans). */
export function Component() {
  const { id = '' } = useParams();
  return <LoanStatement key={id} loanId={id} />;
}
