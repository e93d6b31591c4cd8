import { LoanProductList } from '../../../features/loan-products/components/LoanProductList.tsx';

export function Component() {
  return (
    <>
      <title>Productos · PrestaYa</title>
      <LoanProductList />
    </>
  );
}
