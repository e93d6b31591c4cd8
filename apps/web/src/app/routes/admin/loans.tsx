import { GlobalLoanList } from '../../../features/loans/components/GlobalLoanList.tsx';

export function Component() {
  return (
    <>
      <title>Lista Global de Préstamos · PrestaYa</title>
      <GlobalLoanList />
    </>
  );
}
