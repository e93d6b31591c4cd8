import { useParams } from 'react-router';
import { LoanDetails } from '../../../features/public-loans/components/LoanDetails.tsx';

export function Component() {
  const { id = '' } = useParams();
  return (
    <>
      <title>Estado de Cuenta de Préstamo · PrestaYa</title>
      <LoanDetails key={id} id={id} />
    </>
  );
}
