import { BankAccountList } from '../../../features/bank-accounts/components/BankAccountList.tsx';

export function Component() {
  return (
    <>
      <title>Cuentas Bancarias · PrestaYa</title>
      <BankAccountList />
    </>
  );
}
