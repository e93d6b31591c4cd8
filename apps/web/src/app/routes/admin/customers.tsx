import { CustomerList } from '../../../features/customers/components/CustomerList.tsx';

export function Component() {
  return (
    <>
      <title>Clientes · PrestaYa</title>
      <CustomerList />
    </>
  );
}
