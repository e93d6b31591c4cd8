import { useParams, useSearchParams } from 'react-router';
import { ContractDocuments } from '../../../features/contracts/components/ContractDocuments.tsx';

/** /admin/print/loans/:id/contract — outside the admin shell, behind the session (the statement's access). */
export function Component() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  return <ContractDocuments key={id} loanId={id} coverOnly={search.get('cover') === '1'} />;
}
