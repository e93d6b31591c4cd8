import { LoanDetails } from '../../features/public-loans/components/LoanDetails.tsx';

export default function Page({ id }: { id: string }) {
  return (
    <>
      <title>Estado de Cuenta de Préstamo · PrestaYa</title>
      <LoanDetails key={id} id={id} />
    </>
  );
}
