import { ReconciliationScreen } from '../../../features/reconciliation/components/ReconciliationScreen.tsx';

export function Component() {
  return (
    <>
      <title>Conciliación · PrestaYa</title>
      <ReconciliationScreen />
    </>
  );
}
